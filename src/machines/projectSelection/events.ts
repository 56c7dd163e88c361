export type ProjectSelectionEvent =
  /** A project chosen in the selector, or a project_id that appeared in the URL. */
  | { type: 'project.select'; id: number }
  /** 'New Project' in the selector: ask for a name. */
  | { type: 'project.new' }
  /** 'Clone Project' in the selector: ask a name for a copy of the current project (spec 1 §7). */
  | { type: 'project.clone' }
  | { type: 'project.create'; name: string }
  | { type: 'project.cancel' }
  | { type: 'project.reload' };
