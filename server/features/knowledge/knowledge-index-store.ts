import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Serialized knowledge indexes in the database, like the language models (DESIGN §7): one draft per project
 * (what the console's chat and "try a question" search), one frozen copy per deployment. Every store takes a
 * fresh `version` from a sequence; caches in any process compare it on use.
 */
export interface StoredIndexInfo {
  id: number;
  version: number;
  built_at: Date;
  data_hash: string;
  entries: number;
  passages: number;
  report: unknown;
}

const infoColumns = ['id', 'version', 'built_at', 'data_hash', 'entries', 'passages', 'report'] as const;

export async function storeDraftIndex(
  db: Db,
  projectId: number,
  index: { data: string; entries: number; passages: number; dataHash: string; report: unknown },
): Promise<StoredIndexInfo> {
  const values = {
    data: index.data,
    entries: index.entries,
    passages: index.passages,
    data_hash: index.dataHash,
    built_at: new Date(),
    report: JSON.stringify(index.report),
  };
  return db
    .insertInto('knowledge_indexes')
    .values({ project_id: projectId, kind: 'draft', deployment_id: null, ...values })
    .onConflict((oc) =>
      oc
        .column('project_id')
        .where('kind', '=', 'draft')
        .doUpdateSet({ ...values, version: sql<number>`nextval('knowledge_index_version_seq')` }),
    )
    .returning(infoColumns)
    .executeTakeFirstOrThrow();
}

/** The draft index's bookkeeping without its data (what caches and the status read). */
export async function draftIndexInfo(db: Db, projectId: number): Promise<StoredIndexInfo | undefined> {
  return db
    .selectFrom('knowledge_indexes')
    .select(infoColumns)
    .where('project_id', '=', projectId)
    .where('kind', '=', 'draft')
    .executeTakeFirst();
}

export async function deploymentIndexInfo(db: Db, deploymentId: number): Promise<StoredIndexInfo | undefined> {
  return db
    .selectFrom('knowledge_indexes')
    .select(infoColumns)
    .where('deployment_id', '=', deploymentId)
    .executeTakeFirst();
}

export async function indexData(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('knowledge_indexes').select('data').where('id', '=', id).executeTakeFirst();
  return row?.data;
}

/** Deploying freezes the draft index into the deployment, in the deployment's transaction (none: no knowledge). */
export async function freezeDraftIndex(trx: Db, projectId: number, deploymentId: number): Promise<void> {
  await sql`
    INSERT INTO knowledge_indexes (project_id, kind, deployment_id, data, entries, passages, data_hash, built_at, report)
    SELECT project_id, 'deployment', ${deploymentId}, data, entries, passages, data_hash, built_at, report
      FROM knowledge_indexes WHERE project_id = ${projectId} AND kind = 'draft'
    ON CONFLICT (deployment_id) WHERE deployment_id IS NOT NULL DO NOTHING`.execute(trx);
}

/** A rollback deploys an earlier deployment's index again under the new deployment id. */
export async function copyDeploymentIndex(trx: Db, fromDeploymentId: number, toDeploymentId: number): Promise<void> {
  await sql`
    INSERT INTO knowledge_indexes (project_id, kind, deployment_id, data, entries, passages, data_hash, built_at, report)
    SELECT project_id, 'deployment', ${toDeploymentId}, data, entries, passages, data_hash, built_at, report
      FROM knowledge_indexes WHERE deployment_id = ${fromDeploymentId}
    ON CONFLICT (deployment_id) WHERE deployment_id IS NOT NULL DO NOTHING`.execute(trx);
}
