import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { defaultRoles } from './default-roles.ts';
import { catalogueKey, permissionCatalogue } from './permission-catalogue.ts';
import { ensureRole, grantPermission } from './roles.ts';

/** Brings the catalogue and the default roles up to date; entries new to the catalogue go to the default roles. */
export async function syncPermissionCatalogue(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const role of defaultRoles) {
      await ensureRole(trx, role);
    }
    await sql`SELECT setval(pg_get_serial_sequence('roles', 'id'), greatest((SELECT max(id) FROM roles), 3))`.execute(
      trx,
    );
    const existing = await trx.selectFrom('permissions').select(['id', 'method', 'path', 'project_env']).execute();
    const idByKey = new Map(existing.map((p) => [catalogueKey({ ...p, env: p.project_env }), p.id]));
    for (const entry of permissionCatalogue) {
      const key = catalogueKey(entry);
      if (idByKey.has(key)) continue;
      const { id } = await trx
        .insertInto('permissions')
        .values({
          name: entry.name,
          method: entry.method,
          path: entry.path,
          project_env: entry.env ?? null,
          covers: JSON.stringify([]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      idByKey.set(key, id);
      const holders = defaultRoles.filter((r) => (r.levels as readonly string[]).includes(entry.level));
      for (const role of holders) {
        await grantPermission(trx, role.id, id);
      }
    }
    for (const entry of permissionCatalogue) {
      const covers = (entry.covers ?? []).map((k) => idByKey.get(k)).filter((id): id is number => id !== undefined);
      await trx
        .updateTable('permissions')
        .set({ name: entry.name, covers: JSON.stringify(covers) })
        .where('id', '=', idByKey.get(catalogueKey(entry))!)
        .execute();
    }
  });
}
