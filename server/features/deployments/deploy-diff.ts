import {
  DIFF_ITEMS_MAX,
  type DeployDiff,
  type DeployDiffItem,
  type DeployDiffResource,
} from '../../../src/api/contract/deploy-diff.ts';
import type { Db } from '../../db/database.ts';
import { invalidInput, notFound } from '../../domain-errors.ts';
import { type FrozenConfiguration, freezeConfiguration, testingBuild } from './deployments.ts';
import type { TrainingData } from '../../nlu/index.ts';
import { trainingStatus } from '../training/training.ts';
import { trainingDataHash } from '../training/training-data.ts';

/** One item of a resource: its identity, a name to show, and the value compared. */
interface DiffEntry {
  key: string;
  name: string;
  value: unknown;
}

const byId = (items: { id: number; name: string }[] | undefined): DiffEntry[] =>
  (items ?? []).map((item) => ({ key: String(item.id), name: item.name, value: item }));

/**
 * The resources the deploy dialog compares, in the order it shows them. Adding one (knowledge, once it is in
 * the frozen configuration) is one line here. Older frozen rows may lack a resource: it then counts as empty.
 */
const DIFF_RESOURCES: { resource: string; label: string; entries: (c: Partial<FrozenConfiguration>) => DiffEntry[] }[] =
  [
    { resource: 'reactions', label: 'Reactions', entries: (c) => byId(c.reactions) },
    { resource: 'intents', label: 'Intents', entries: (c) => byId(c.intents) },
    {
      resource: 'synonyms',
      label: 'Synonyms',
      entries: (c) => (c.synonyms ?? []).map((s) => ({ key: s.name, name: s.name, value: s })),
    },
    { resource: 'entities', label: 'Entities', entries: (c) => byId(c.entities) },
    { resource: 'actions', label: 'Actions', entries: (c) => byId(c.actions) },
    { resource: 'scopes', label: 'Reaction scopes', entries: (c) => byId(c.scopes) },
    { resource: 'settings', label: 'Settings', entries: settingsEntries },
    {
      resource: 'knowledges',
      label: 'Knowledge base',
      entries: (c) =>
        (c.knowledges ?? []).map((k) => ({ key: String(k.id), name: k.title || k.link || `#${k.id}`, value: k })),
    },
  ];

/** Settings compare key by key: the language, the NLU options and the project's settings (token excluded). */
function settingsEntries(c: Partial<FrozenConfiguration>): DiffEntry[] {
  const flat: Record<string, unknown> = {
    ...(c.settings ?? {}),
    language: c.language,
    'nlu.confidenceThreshold': c.nlu?.confidenceThreshold,
    'nlu.multiIntent': c.nlu?.multiIntent,
  };
  return Object.entries(flat)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, name: key, value }));
}

/** Canonical JSON (object keys sorted) so that equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Compares one resource between what the environment serves (`before`) and what would go live (`after`). */
export function diffResource(
  resource: string,
  label: string,
  before: DiffEntry[],
  after: DiffEntry[],
  max = DIFF_ITEMS_MAX,
): DeployDiffResource {
  const old = new Map(before.map((e) => [e.key, e]));
  const items: DeployDiffItem[] = [];
  let added = 0;
  let changed = 0;
  let removed = 0;
  const push = (item: DeployDiffItem) => {
    if (items.length < max) items.push(item);
  };
  for (const entry of after) {
    const was = old.get(entry.key);
    if (!was) {
      added++;
      push({ key: entry.key, name: entry.name, change: 'added', before: null, after: entry.value });
      continue;
    }
    old.delete(entry.key);
    if (canonical(was.value) !== canonical(entry.value)) {
      changed++;
      push({ key: entry.key, name: entry.name, change: 'changed', before: was.value, after: entry.value });
    }
  }
  for (const entry of old.values()) {
    removed++;
    push({ key: entry.key, name: entry.name, change: 'removed', before: entry.value, after: null });
  }
  return { resource, label, added, changed, removed, truncated: added + changed + removed - items.length, items };
}

async function latestConfiguration(
  db: Db,
  projectId: number,
  env: 'dev' | 'prod',
): Promise<{ id: number; configuration: FrozenConfiguration } | null> {
  const row = await db
    .selectFrom('deployments')
    .select(['id', 'configuration'])
    .where('project_id', '=', projectId)
    .where('project_env', '=', env)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, configuration: row.configuration as unknown as FrozenConfiguration } : null;
}

/** The training data of a configuration, shaped (and ordered) as loadTrainingData reads it. */
function trainingDataOf(c: FrozenConfiguration): TrainingData {
  return {
    language: c.language,
    intents: c.intents.map((i) => ({ id: i.id, name: i.name, templates: i.templates })),
    synonyms: c.synonyms.map((s) => ({ name: s.name, values: s.values })),
    entities: c.entities,
  };
}

async function frozenConfiguration(db: Db, projectId: number, id: number): Promise<FrozenConfiguration> {
  const row = await db
    .selectFrom('deployments')
    .select('configuration')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Deployment not found.');
  return row.configuration as unknown as FrozenConfiguration;
}

/** An environment before its first deployment serves nothing: everything in the draft counts as added. */
const EMPTY: Partial<FrozenConfiguration> = {};

/**
 * GET /run/deploy/diff: the environment's current deployment against what would go live: the draft, the build on
 * Testing (production, `source` 'testing'; the draft when Testing has none) or a rollback's target. Production's
 * answer names the build on Testing, so that the dialog can offer it (issue 34).
 */
export async function deployDiff(
  db: Db,
  projectId: number,
  env: 'dev' | 'prod',
  toDeploymentId?: number,
  source: 'draft' | 'testing' = 'draft',
): Promise<DeployDiff> {
  if (toDeploymentId !== undefined && env !== 'prod') throw invalidInput('A rollback deploys to production only.');
  const testing = env === 'prod' ? await testingBuild(db, projectId) : null;
  const what =
    toDeploymentId !== undefined
      ? { source: 'rollback' as const, id: toDeploymentId }
      : source === 'testing' && testing
        ? { source: 'testing' as const, id: testing.id }
        : { source: 'draft' as const, id: null };
  const [current, target] = await Promise.all([
    latestConfiguration(db, projectId, env),
    what.id !== null ? frozenConfiguration(db, projectId, what.id) : freezeConfiguration(db, projectId),
  ]);
  // The draft just read holds the training data: its digest is not read a second time (40,000 templates).
  const training =
    what.id === null ? await trainingStatus(db, projectId, trainingDataHash(trainingDataOf(target))) : null;
  const from = current?.configuration ?? EMPTY;
  return {
    env,
    current_deployment_id: current?.id ?? null,
    rollback_of: toDeploymentId ?? null,
    source: what.source,
    source_deployment_id: what.id,
    testing_build: testing,
    resources: DIFF_RESOURCES.map((r) => diffResource(r.resource, r.label, r.entries(from), r.entries(target))),
    training,
  };
}
