import type { Db } from '../db/database.ts';
import { ADMINISTRATOR_ROLE_ID } from '../db/seed/default-roles.ts';
import { logUserAction } from './users-log.ts';

/** Hooks that fill a new project (settings, demo content ...), registered by the services that own them. */
type ProjectInitializer = (trx: Db, projectId: number) => Promise<void>;
const initializers: ProjectInitializer[] = [];
export const onProjectCreated = (init: ProjectInitializer): void => {
  initializers.push(init);
};

/** A new project; its creator administers it. */
export async function createProject(
  db: Db,
  p: { name: string; language: string; companyId: number | null; ownerId: number | null },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('projects')
      .values({ name: p.name, language: p.language, company_id: p.companyId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (p.ownerId !== null) {
      await trx.insertInto('user_projects').values({ user_id: p.ownerId, project_id: id, role_id: ADMINISTRATOR_ROLE_ID }).execute();
    }
    for (const init of initializers) await init(trx, id);
    await logUserAction(trx, { userId: p.ownerId, projectId: id, action: `Created project ${p.name}` });
    return id;
  });
}
