import type { ProjectSummary } from '../../api/contract/projects.ts';

export interface ProjectSelectionContext {
  projects: ProjectSummary[];
  projectId: number | null;
  /** The project_id asked for (URL query or a new project) while the list loads. */
  requestedId: number | null;
  /** Whether the user may create projects (POST /projects), given by the layout from `can()`. */
  canCreate: boolean;
  /** First run (spec 2 §4 "New user"): the project being created is the user's first; it is trained next. */
  firstRun: boolean;
  /** False while the password is expired: the server refuses the first project until it is changed. */
  firstRunAllowed: boolean;
  /** 'Clone Project': the project whose configuration the new one copies; null for 'New Project'. */
  cloneOf: number | null;
}

export interface ProjectSelectionInput {
  requestedId: number | null;
  canCreate: boolean;
  /** Default true; the layout passes false while the password is expired (and restarts this machine after). */
  firstRunAllowed?: boolean;
}
