import type { ProjectSummary } from '../../api/contract/projects.ts';
import type { ProjectSelectionContext } from './types.ts';

/** Projects sorted by name, as the selector lists them (spec 1 §2). */
export const sortedByName = (projects: ProjectSummary[]): ProjectSummary[] =>
  [...projects].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);

export const isAssigned = (context: ProjectSelectionContext, id: number | null): boolean =>
  id !== null && context.projects.some((p) => p.id === id);

/** The project to open after loading: the requested one when assigned, else the first by name. */
export const initialProject = (context: ProjectSelectionContext, projects: ProjectSummary[]): number | null => {
  const requested = context.requestedId;
  if (requested !== null && projects.some((p) => p.id === requested)) return requested;
  return sortedByName(projects)[0]?.id ?? null;
};
