/**
 * The permission catalogue (spec 1 §6, spec 2 §6): method + resource path (+ environment). Seeded on every
 * start (new entries are added, none removed). `covers` lists what ticking this entry ticks too.
 * `level` decides which default role holds it: viewer < editor < admin (system-level platform management).
 */
export interface CatalogueEntry {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  env?: 'dev' | 'prod';
  covers?: string[];
  level: 'viewer' | 'editor' | 'admin';
}

const read = (path: string, name: string): CatalogueEntry => ({ name, method: 'GET', path, level: 'viewer' });
// One factory for the entries a level above viewer holds (write, admin); `covers` names what ticking the entry
// ticks too. GET is allowed for the spec's state-changing GETs (/run/train, /run/test/{id}, /worker/reload).
const granted =
  (level: 'editor' | 'admin') =>
  (method: CatalogueEntry['method'], path: string, name: string, covers: string[] = []): CatalogueEntry => ({
    name,
    method,
    path,
    level,
    covers,
  });
const write = granted('editor');
const admin = granted('admin');

export const catalogueKey = (e: { method: string; path: string; env?: string | null }): string =>
  `${e.method} ${e.path}${e.env ? ` ${e.env}` : ''}`;

export const permissionCatalogue: CatalogueEntry[] = [
  // Testing only: production's figures are a grant of their own (the contract's grant is per environment).
  { name: 'View dashboard statistics', method: 'GET', path: '/stats', env: 'dev', level: 'viewer' },
  { name: 'View production statistics', method: 'GET', path: '/stats', env: 'prod', level: 'viewer' },
  read('/reactions', 'View reactions'),
  write('PUT', '/reactions', 'Edit reactions', ['GET /reactions']),
  read('/actions', 'View actions'),
  write('PUT', '/actions', 'Edit actions', ['GET /actions']),
  read('/intents', 'View intents'),
  write('PUT', '/intents', 'Edit intents and templates', ['GET /intents']),
  write('PUT', '/synonyms', 'Edit synonyms', ['GET /intents']),
  read('/entities', 'View entities'),
  write('PUT', '/entities/{id}', 'Edit entities', ['GET /entities']),
  admin('PUT', '/system/entities/{id}', 'Edit system entities', ['PUT /entities/{id}']),
  read('/settings', 'View settings'),
  write('PUT', '/settings', 'Edit settings', ['GET /settings']),
  read('/storage', 'View project files'),
  write('POST', '/file', 'Upload project files', ['GET /storage']),
  write('DELETE', '/file', 'Delete project files', ['GET /storage']),
  read('/intents/unclassified', 'View fallbacks'),
  write('POST', '/intents/{id}/mark-classified', 'Classify fallbacks', ['GET /intents/unclassified']),
  write('POST', '/intent/unclassified/{id}', 'Set class of a fallback', ['GET /intents/unclassified']),
  read('/tests', 'View tests'),
  write('PUT', '/tests/{id}', 'Add, edit and clone tests', ['GET /tests']),
  write('GET', '/run/test/{id}', 'Run tests', ['GET /tests']),
  write('GET', '/run/train', 'Train the language model', ['GET /intents']),
  read('/conversations', 'View conversations'),
  read('/conversations/{id}', 'Open a conversation'),
  write('PUT', '/conversations/notes', 'Write conversation notes and labels', ['GET /conversations']),
  write('DELETE', '/conversations/notes', 'Delete conversation notes', ['GET /conversations']),
  { name: 'Chat with the working draft in the console', method: 'POST', path: '/chat', level: 'viewer' },
  read('/outbound/campaigns', 'View campaigns'),
  write('PUT', '/outbound/campaigns/{id}', 'Edit campaigns', ['GET /outbound/campaigns']),
  write('DELETE', '/outbound/campaigns/{id}', 'Delete campaigns', ['GET /outbound/campaigns']),
  write('POST', '/outbound/campaigns/{id}/upload', 'Import call lists', ['GET /outbound/campaigns']),
  read('/deployments', 'View deployments'),
  {
    name: 'Deploy to testing',
    method: 'GET',
    path: '/run/deploy',
    env: 'dev',
    level: 'editor',
    covers: ['GET /deployments'],
  },
  {
    name: 'Deploy to production',
    method: 'GET',
    path: '/run/deploy',
    env: 'prod',
    level: 'editor',
    covers: ['GET /deployments'],
  },
  read('/history', 'View history'),
  read('/audit/deleted', 'View deleted items'),
  read('/knowledges', 'View knowledge base'),
  // Issue 16: PUT/DELETE /knowledges/{id} change entries; the same grant imports and reindexes.
  write('PUT', '/knowledges/{id}', 'Edit, import and reindex the knowledge base', ['GET /knowledges']),
  read('/qa-trainings', 'View QA trainings'),
  write('PUT', '/qa-trainings/{id}', 'Edit and evaluate QA trainings', ['GET /qa-trainings']),
  read('/labels', 'View labels'),
  write('PUT', '/labels', 'Edit labels', ['GET /labels']),
  // Issue 37: a report mails statistics, so setting one up also needs the statistics of its environment.
  read('/email-reports', 'View email reports'),
  write('PUT', '/email-reports', 'Edit and send email reports', ['GET /email-reports']),
  write('GET', '/worker/reload', 'Reload the language model worker', ['GET /intents']),
  write('PUT', '/project/api-token', 'Renew the chatbot token', ['GET /settings']),
  admin('POST', '/projects', 'Create projects'),
  admin('POST', '/projects/clone', 'Clone projects', ['POST /projects']),
  admin('GET', '/users', 'View users'),
  admin('PUT', '/users/{id}', 'Edit users', ['GET /users']),
  admin('DELETE', '/users/{id}', 'Delete users', ['GET /users']),
  admin('POST', '/users/reset/{id}', 'Reset passwords', ['GET /users']),
  admin('PUT', '/users/projects', 'Assign users to projects', ['GET /users']),
  admin('GET', '/users-logs', 'View the users log'),
  // Roles are shared by every company, so only a system grant may change them (spec 1 §6: /system/roles/...).
  admin('PUT', '/system/roles/{id}', 'Manage roles', ['GET /users']),
  admin('PUT', '/system/roles/permissions', 'Edit role permissions', ['PUT /system/roles/{id}']),
  admin('PUT', '/companies/{id}', 'Edit companies'),
  admin('DELETE', '/companies/{id}', 'Delete companies', ['PUT /companies/{id}']),
  admin('PUT', '/platform', 'Platform settings'),
  admin('POST', '/users/{id}/otp-reset', 'Reset one-time codes', ['GET /users']),
];
