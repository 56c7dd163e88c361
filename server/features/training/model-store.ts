import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Trained models in the database (DESIGN §7): one draft per project and one frozen copy per deployment.
 * Every store takes a fresh `version` from a sequence; caches in any process compare it on use.
 */
export interface StoredModelInfo {
  id: number;
  version: number;
  trained_at: Date;
  data_hash: string;
}

export async function storeDraftModel(
  db: Db,
  projectId: number,
  bytes: Uint8Array,
  dataHash: string,
): Promise<StoredModelInfo> {
  return db
    .insertInto('nlu_models')
    .values({
      project_id: projectId,
      kind: 'draft',
      deployment_id: null,
      bytes,
      data_hash: dataHash,
      trained_at: new Date(),
    })
    .onConflict((oc) =>
      oc.column('project_id').where('kind', '=', 'draft').doUpdateSet({
        bytes,
        data_hash: dataHash,
        trained_at: new Date(),
        version: sql<number>`nextval('nlu_model_version_seq')`,
      }),
    )
    .returning(['id', 'version', 'trained_at', 'data_hash'])
    .executeTakeFirstOrThrow();
}

/** The draft model's bookkeeping without its bytes (cheap: what caches and the status check read). */
export async function draftModelInfo(db: Db, projectId: number): Promise<StoredModelInfo | undefined> {
  return db
    .selectFrom('nlu_models')
    .select(['id', 'version', 'trained_at', 'data_hash'])
    .where('project_id', '=', projectId)
    .where('kind', '=', 'draft')
    .executeTakeFirst();
}

export async function modelBytes(db: Db, id: number): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('nlu_models').select('bytes').where('id', '=', id).executeTakeFirst();
  return row ? new Uint8Array(row.bytes) : undefined;
}

/**
 * Deploying freezes the current draft model into the deployment (DESIGN §6); call it in the deployment's
 * transaction. Returns false when the project has no trained draft yet.
 */
export async function freezeDraftModel(trx: Db, projectId: number, deploymentId: number): Promise<boolean> {
  const { rows } = await sql`
    INSERT INTO nlu_models (project_id, kind, deployment_id, bytes, trained_at, data_hash)
    SELECT project_id, 'deployment', ${deploymentId}, bytes, trained_at, data_hash
      FROM nlu_models WHERE project_id = ${projectId} AND kind = 'draft'
    ON CONFLICT (deployment_id) WHERE deployment_id IS NOT NULL DO NOTHING
    RETURNING id`.execute(trx);
  return rows.length > 0;
}

/** A rollback deploys an earlier deployment's model again under a new deployment id. */
export async function copyDeploymentModel(trx: Db, fromDeploymentId: number, toDeploymentId: number): Promise<boolean> {
  const { rows } = await sql`
    INSERT INTO nlu_models (project_id, kind, deployment_id, bytes, trained_at, data_hash)
    SELECT project_id, 'deployment', ${toDeploymentId}, bytes, trained_at, data_hash
      FROM nlu_models WHERE deployment_id = ${fromDeploymentId}
    ON CONFLICT (deployment_id) WHERE deployment_id IS NOT NULL DO NOTHING
    RETURNING id`.execute(trx);
  return rows.length > 0;
}

export async function deploymentModelRow(
  db: Db,
  deploymentId: number,
): Promise<{ id: number; project_id: number } | undefined> {
  return db
    .selectFrom('nlu_models')
    .select(['id', 'project_id'])
    .where('deployment_id', '=', deploymentId)
    .executeTakeFirst();
}

/** `GET /worker/reload`: a new version for the same bytes, so every process drops its cached draft. */
export async function bumpDraftModelVersion(db: Db, projectId: number): Promise<void> {
  await sql`UPDATE nlu_models SET version = nextval('nlu_model_version_seq') WHERE project_id = ${projectId} AND kind = 'draft'`.execute(
    db,
  );
}
