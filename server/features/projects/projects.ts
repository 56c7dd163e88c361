import type { Db } from '../../db/database.ts';
import { ADMINISTRATOR_ROLE_ID } from '../users/default-roles.ts';
import { projectInitializers } from './project-initializers.ts';
import { logUserAction } from '../../history/users-log.ts';
import { insertProject } from '../settings/settings.ts';
import { addProjectMembers } from '../users/users-store.ts';

/** A new project; its creator administers it. */
export async function createProject(
  db: Db,
  p: { name: string; language: string; companyId: number | null; ownerId: number | null; demo?: boolean },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await insertProject(trx, { name: p.name, language: p.language, company_id: p.companyId });
    if (p.ownerId !== null) {
      await addProjectMembers(trx, [{ user_id: p.ownerId, project_id: id, role_id: ADMINISTRATOR_ROLE_ID }]);
    }
    for (const init of projectInitializers) await init(trx, id, { demo: p.demo ?? false });
    await logUserAction(trx, { userId: p.ownerId, projectId: id, action: `Created project ${p.name}` });
    return id;
  });
}
