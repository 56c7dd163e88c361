/** Role ids are fixed: id 2 is the default for new project assignments (spec 1 §5). */
export const ADMINISTRATOR_ROLE_ID = 1;
export const DEFAULT_ROLE_ID = 2;
export const VIEWER_ROLE_ID = 3;

export const defaultRoles = [
  { id: ADMINISTRATOR_ROLE_ID, name: 'Administrator', levels: ['viewer', 'editor', 'admin'] },
  { id: DEFAULT_ROLE_ID, name: 'Editor', levels: ['viewer', 'editor'] },
  { id: VIEWER_ROLE_ID, name: 'Viewer', levels: ['viewer'] },
] as const;
