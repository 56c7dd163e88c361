import type { CallPhase } from './dialler.ts';
import { randomBytes } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type {
  Campaign,
  CampaignItem,
  CampaignProgress,
  CampaignState,
  campaignBody,
} from '../../../src/api/contract/outbound.ts';
import type { Db } from '../../db/database.ts';
import type { OutboundCampaignsTable } from '../../db/schema.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { withAuditFields } from '../../history/audit-fields.ts';
import { callbackUrlProblem } from './campaign-callback-address.ts';
import type { WriteScope } from '../intents/intents.ts';
import { recordRevision } from '../../history/revisions.ts';

export const CAMPAIGNS_RESOURCE = '/outbound/campaigns';
export type CampaignInput = z.output<typeof campaignBody>;

const columns = [
  'id',
  'project_id',
  'name',
  'project_env',
  'call_time_from',
  'call_time_to',
  'time_zone',
  'answering_machine',
  'retry_interval',
  'retry_count',
  'timeout',
  'max_concurrent',
  'callback_url',
  'callback_secret',
  'state',
] as const;

/** A campaign as stored: the schema's columns that `columns` selects. */
type CampaignRow = Pick<Selectable<OutboundCampaignsTable>, (typeof columns)[number]>;

/** What a revision keeps of a campaign: its settings and state, never the callback secret. */
const revisionData = (r: CampaignRow) => ({
  id: r.id,
  name: r.name,
  project_env: r.project_env,
  call_time_from: r.call_time_from,
  call_time_to: r.call_time_to,
  time_zone: r.time_zone,
  answering_machine: r.answering_machine,
  retry_interval: r.retry_interval,
  retry_count: r.retry_count,
  timeout: r.timeout,
  max_concurrent: r.max_concurrent,
  callback_url: r.callback_url,
  state: r.state,
});

/** The campaign's revision (DESIGN §5): its data, or a deletion when `row` is null. */
async function recordCampaign(trx: Db, scope: WriteScope, id: number, row: CampaignRow | null): Promise<void> {
  await recordRevision(trx, {
    projectId: scope.projectId,
    resource: CAMPAIGNS_RESOURCE,
    itemId: id,
    time: scope.atime,
    userId: scope.userId,
    data: row ? revisionData(row) : null,
    deleted: row === null,
  });
}

const EMPTY_PROGRESS: CampaignProgress = { queued: 0, in_progress: 0, completed: 0, failed: 0 };

/** Calls per campaign of the project by where they are, in one grouped scan. */
async function progressOf(db: Db, projectId: number): Promise<Map<number, CampaignProgress>> {
  const rows = await db
    .selectFrom('outbound_calls as c')
    .innerJoin('outbound_campaigns as k', 'k.id', 'c.campaign_id')
    .where('k.project_id', '=', projectId)
    .select(['c.campaign_id', 'c.status', sql<number>`count(*)::int`.as('n')])
    .groupBy(['c.campaign_id', 'c.status'])
    .execute();
  const out = new Map<number, CampaignProgress>();
  for (const r of rows) {
    const p = out.get(r.campaign_id) ?? { ...EMPTY_PROGRESS };
    const n = Number(r.n);
    if (r.status === 'queued') p.queued += n;
    else if (r.status === 'dialling' || r.status === 'answered') p.in_progress += n;
    else if (r.status === 'completed') p.completed += n;
    else p.failed += n;
    out.set(r.campaign_id, p);
  }
  return out;
}

/** GET /outbound/campaigns: every campaign of the project with its progress; the secret only for editors. */
export async function listCampaigns(db: Db, projectId: number, canEdit: boolean): Promise<CampaignItem[]> {
  const rows = await db
    .selectFrom('outbound_campaigns')
    .select(columns)
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  const progress = await progressOf(db, projectId);
  const campaigns: Campaign[] = rows.map((r) => {
    const p = progress.get(r.id) ?? EMPTY_PROGRESS;
    return {
      ...revisionData(r),
      pending: p.queued + p.in_progress,
      progress: p,
      callback_secret: canEdit ? r.callback_secret : '',
    };
  });
  return withAuditFields(db, projectId, CAMPAIGNS_RESOURCE, campaigns);
}

/** The project's campaign, or 404 (another project's id tells nothing). */
export async function findCampaign(db: Db, projectId: number, id: number): Promise<CampaignRow> {
  const row = await db
    .selectFrom('outbound_campaigns')
    .select(columns)
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw notFound('Campaign not found.');
  return row;
}

/**
 * The callback URL must reach a public address (400 otherwise). Checked before the write's transaction: a DNS lookup
 * must not hold the database (PGlite has one connection).
 */
export async function checkCallbackUrl(url: string): Promise<void> {
  const problem = await callbackUrlProblem(url);
  if (problem) throw invalidInput(problem);
}

/** insertOutboundCampaign (id -1, paused) and updateOutboundCampaign; `checkCallbackUrl` first. */
export async function saveCampaign(trx: Db, scope: WriteScope, id: number, input: CampaignInput): Promise<number> {
  const values = {
    name: input.name,
    project_env: input.project_env,
    call_time_from: input.call_time_from,
    call_time_to: input.call_time_to,
    time_zone: input.time_zone,
    answering_machine: input.answering_machine,
    retry_interval: input.retry_interval,
    retry_count: input.retry_count,
    timeout: input.timeout,
    max_concurrent: input.max_concurrent,
    callback_url: input.callback_url,
  };
  let row: CampaignRow;
  if (id === -1) {
    row = await trx
      .insertInto('outbound_campaigns')
      .values({ ...values, project_id: scope.projectId, callback_secret: randomBytes(24).toString('base64url') })
      .returning(columns)
      .executeTakeFirstOrThrow();
  } else {
    await findCampaign(trx, scope.projectId, id);
    row = await trx
      .updateTable('outbound_campaigns')
      .set(values)
      .where('id', '=', id)
      .where('project_id', '=', scope.projectId)
      .returning(columns)
      .executeTakeFirstOrThrow();
  }
  await recordCampaign(trx, scope, row.id, row);
  return row.id;
}

/** Start / Pause. Idempotent: setting the state it has changes nothing but the revision trail. */
export async function setCampaignState(trx: Db, scope: WriteScope, id: number, state: CampaignState): Promise<string> {
  await findCampaign(trx, scope.projectId, id);
  const row = await trx
    .updateTable('outbound_campaigns')
    .set({ state })
    .where('id', '=', id)
    .where('project_id', '=', scope.projectId)
    .returning(columns)
    .executeTakeFirstOrThrow();
  await recordCampaign(trx, scope, id, row);
  return row.name;
}

/**
 * Deletes the campaign with its calls and pending callbacks. Returns the provider ids of calls in progress, which
 * the caller hangs up once the deletion is committed.
 */
export async function deleteCampaign(
  trx: Db,
  scope: WriteScope,
  id: number,
): Promise<{ name: string; active: { dialler: string | null; providerCallId: string; phase: CallPhase }[] }> {
  const current = await findCampaign(trx, scope.projectId, id);
  const active = await trx
    .selectFrom('outbound_calls')
    .select(['dialler', 'provider_call_id', 'status'])
    .where('campaign_id', '=', id)
    .where('status', 'in', ['dialling', 'answered'])
    .where('provider_call_id', 'is not', null)
    .execute();
  await trx.deleteFrom('outbound_campaigns').where('id', '=', id).execute();
  await recordCampaign(trx, scope, id, null);
  return {
    name: current.name,
    active: active.map((a) => ({
      dialler: a.dialler,
      providerCallId: a.provider_call_id!,
      phase: a.status === 'answered' ? ('answered' as const) : ('ringing' as const),
    })),
  };
}
