import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  SECRET_FIELDS,
  SECRET_PLACEHOLDER,
  type SecretField,
  type SettingsUpdate,
  type SettingsView,
  type StoredSettings,
  settingsView,
  storedSettings,
} from '../../../src/api/contract/settings.ts';
import type { Db } from '../../db/database.ts';
import { DEFAULT_KNOWLEDGE_THRESHOLD } from '../../knowledge/types.ts';
import { notFound } from '../../domain-errors.ts';
import { NO_AUDIT, auditFields } from '../../history/audit-fields.ts';
import { resourceAt } from '../../history/resource-history.ts';
import { recordRevision } from '../../history/revisions.ts';

export const SETTINGS_RESOURCE = '/settings';
/** A project's settings are one item of the `/settings` resource. */
export const SETTINGS_ITEM_ID = 'settings';

/** A chatbot token: 192 random bits, URL-safe. */
export const newChatbotToken = (): string => randomBytes(24).toString('base64url');

const defaultVoice: Record<string, string> = { en: 'espeak-en-us-female', cs: 'espeak-cs-female' };
const silenceTexts: Record<string, { utter: string; hangup: string }> = {
  en: { utter: 'Sorry, I did not hear you. Are you still there?', hangup: 'I cannot hear you. Goodbye.' },
  cs: { utter: 'Promiňte, neslyším vás. Jste tam ještě?', hangup: 'Neslyším vás. Na shledanou.' },
};

/** What a new project starts with (spec 2 §3 fields); no threshold set by hand: the model's own. */
export function defaultSettings(name: string, language: string): StoredSettings {
  const lang = language === 'cs' ? 'cs' : 'en';
  return {
    name,
    instances_dev: 1,
    instances_prod: 1,
    context_phrases: [],
    confidence_threshold: null,
    voices_id: defaultVoice[lang] ?? null,
    voice_pitch: 0,
    voice_speed: 1,
    long_silence_utter: silenceTexts[lang]!.utter,
    long_silence_timeout: 10,
    long_silence_retries: 2,
    long_silence_hangup_utter: silenceTexts[lang]!.hangup,
    sip_server_dev: '',
    sip_number_dev: '',
    sip_server_prod: '',
    sip_number_prod: '',
    stt_corrections: [],
    stt_provider: 'google',
    autocorrect_threshold: 0.8,
    is_chat: true,
    language: lang,
    chatbot_client_scss: '',
    chatbot_client_js: '',
    config_struct: {},
    config_dev: {},
    config_prod: {},
    multi_intent: false,
    chatbot_base_url: '',
    conversations_retention: 365,
    // Issue 33: a new project's bot answers from its knowledge base when no intent fits (the Settings switch).
    knowledge_fallback: true,
    knowledge_threshold: DEFAULT_KNOWLEDGE_THRESHOLD,
  };
}

interface SettingsRow {
  data: Record<string, unknown>;
  secrets: Record<string, string>;
  chatbot_token: string;
}

/**
 * Fields whose default changed after projects were stored without them: such a project keeps what it had then
 * (issue 33 turned the knowledge fallback on for new projects only, not for existing ones).
 */
const STORED_BEFORE_DEFAULT_CHANGED: Partial<StoredSettings> = { knowledge_fallback: false };

/** The answer: stored fields (defaults filling any field added later), token, secrets as placeholders. */
export function settingsViewOf(projectId: number, row: SettingsRow, fallback: StoredSettings): SettingsView {
  const stored = storedSettings.safeParse({ ...fallback, ...STORED_BEFORE_DEFAULT_CHANGED, ...row.data });
  const data = stored.success ? stored.data : fallback;
  const has = (field: SecretField) => typeof row.secrets[field] === 'string' && row.secrets[field] !== '';
  return {
    ...data,
    id: projectId,
    chatbot_token: row.chatbot_token,
    sip_password_dev: has('sip_password_dev') ? SECRET_PLACEHOLDER : '',
    sip_password_prod: has('sip_password_prod') ? SECRET_PLACEHOLDER : '',
    has_sip_password_dev: has('sip_password_dev'),
    has_sip_password_prod: has('sip_password_prod'),
  };
}

async function projectBasics(db: Db, projectId: number): Promise<{ name: string; language: string }> {
  const project = await db
    .selectFrom('projects')
    .select(['name', 'language'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound('Project not found.');
  return project;
}

/** Project initializer: default settings, a fresh token and the first revision (so history starts here). */
export async function initializeProjectSettings(
  trx: Db,
  projectId: number,
  overrides: Partial<StoredSettings> = {},
): Promise<void> {
  const { name, language } = await projectBasics(trx, projectId);
  const row = {
    data: { ...defaultSettings(name, language), ...overrides },
    secrets: {},
    chatbot_token: newChatbotToken(),
  };
  const inserted = await trx
    .insertInto('project_settings')
    .values({
      project_id: projectId,
      data: JSON.stringify(row.data),
      secrets: JSON.stringify({}),
      chatbot_token: row.chatbot_token,
    })
    .onConflict((oc) => oc.column('project_id').doNothing())
    .returning('project_id')
    .executeTakeFirst();
  if (!inserted) return;
  const { now } = await sql<{ now: number }>`SELECT (extract(epoch from clock_timestamp()) * 1000000)::bigint AS now`
    .execute(trx)
    .then((r) => r.rows[0]!);
  await recordRevision(trx, {
    projectId,
    resource: SETTINGS_RESOURCE,
    itemId: SETTINGS_ITEM_ID,
    time: now,
    userId: null,
    data: settingsViewOf(projectId, row, row.data),
  });
}

async function loadRow(db: Db, projectId: number): Promise<SettingsRow> {
  const row = await db
    .selectFrom('project_settings')
    .select(['data', 'secrets', 'chatbot_token'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (row) return row;
  // A project made before settings existed (or by a path that skipped the initializers) gets its defaults now.
  await initializeProjectSettings(db, projectId);
  return loadRow(db, projectId);
}

export async function readSettings(db: Db, projectId: number): Promise<SettingsView> {
  const row = await loadRow(db, projectId);
  const basics = await projectBasics(db, projectId);
  return settingsViewOf(projectId, row, defaultSettings(basics.name, basics.language));
}

/** The settings with the version and author of their latest revision (at or before `mtime` when given). */
export async function withSettingsAudit(
  db: Db,
  projectId: number,
  view: SettingsView,
  mtime?: number,
): Promise<SettingsView> {
  const audit = (await auditFields(db, projectId, SETTINGS_RESOURCE, mtime)).get(SETTINGS_ITEM_ID) ?? NO_AUDIT;
  return { ...view, ...audit };
}

/** What GET /settings answers: the settings now, or as they were at `mtime`, with version and author. */
export async function auditedSettings(db: Db, projectId: number, mtime?: number): Promise<SettingsView> {
  const now = await readSettings(db, projectId);
  if (mtime === undefined) return withSettingsAudit(db, projectId, now, mtime);
  const [item] = await resourceAt(db, projectId, SETTINGS_RESOURCE, mtime);
  if (!item) throw notFound('No settings at that time.');
  // Revisions written before a field existed get today's shape: missing fields from the current defaults.
  const parsed = settingsView.safeParse({ ...now, ...(item.data as object) });
  if (!parsed.success) throw notFound('No settings at that time.');
  return withSettingsAudit(db, projectId, parsed.data, mtime);
}

/** A secret as sent: absent or the placeholder keeps the stored one, '' or null clears it, text replaces it. */
function nextSecret(stored: string | undefined, sent: string | null | undefined): string | undefined {
  if (sent === undefined || sent === SECRET_PLACEHOLDER) return stored;
  if (sent === null || sent === '') return undefined;
  return sent;
}

/**
 * Applies a (partial) update inside a configuration write: merges, keeps the project's name and language in
 * step, and records the revision (secrets only as has_* flags).
 */
export async function updateSettings(
  trx: Db,
  r: { projectId: number; userId: number | null; atime: number; update: SettingsUpdate },
): Promise<SettingsView> {
  const row = await loadRow(trx, r.projectId);
  const basics = await projectBasics(trx, r.projectId);
  const current = settingsViewOf(r.projectId, row, defaultSettings(basics.name, basics.language));
  const { sip_password_dev, sip_password_prod, ...fields } = r.update;
  const sent: Record<SecretField, string | null | undefined> = { sip_password_dev, sip_password_prod };
  const secrets: Record<string, string> = {};
  for (const field of SECRET_FIELDS) {
    const value = nextSecret(row.secrets[field], sent[field]);
    if (value !== undefined) secrets[field] = value;
  }
  const { id: _id, chatbot_token: _token, has_sip_password_dev: _a, has_sip_password_prod: _b, ...stored } = current;
  const { sip_password_dev: _c, sip_password_prod: _d, ...clear } = stored;
  const data: StoredSettings = { ...clear, ...fields };
  await trx
    .updateTable('project_settings')
    .set({ data: JSON.stringify(data), secrets: JSON.stringify(secrets) })
    .where('project_id', '=', r.projectId)
    .execute();
  if (data.name !== basics.name || data.language !== basics.language) {
    await trx
      .updateTable('projects')
      .set({ name: data.name, language: data.language })
      .where('id', '=', r.projectId)
      .execute();
  }
  const view = settingsViewOf(r.projectId, { data, secrets, chatbot_token: row.chatbot_token }, data);
  await recordSettingsRevision(trx, r, view);
  return view;
}

/** History of the settings: the one item of a project, as it now reads. */
function recordSettingsRevision(
  trx: Db,
  r: { projectId: number; userId: number | null; atime: number },
  view: SettingsView,
): Promise<void> {
  return recordRevision(trx, {
    projectId: r.projectId,
    resource: SETTINGS_RESOURCE,
    itemId: SETTINGS_ITEM_ID,
    time: r.atime,
    userId: r.userId,
    data: view,
  });
}

/** Replaces the chatbot token (the widget's old one stops working) and records the revision. */
export async function renewChatbotToken(
  trx: Db,
  r: { projectId: number; userId: number | null; atime: number },
): Promise<string> {
  const token = newChatbotToken();
  await loadRow(trx, r.projectId);
  await trx
    .updateTable('project_settings')
    .set({ chatbot_token: token })
    .where('project_id', '=', r.projectId)
    .execute();
  await recordSettingsRevision(trx, r, await readSettings(trx, r.projectId));
  return token;
}

/** A new project's row (its name and language are also its settings'); answers its id. */
export async function insertProject(
  trx: Db,
  p: { name: string; language: string; company_id: number | null },
): Promise<number> {
  const { id } = await trx
    .insertInto('projects')
    .values({ name: p.name, language: p.language, company_id: p.company_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Project clone: the source's settings under the clone's name, without secrets, with a token of its own. */
export async function copyProjectSettings(
  trx: Db,
  fromProject: number,
  toProject: number,
  name: string,
): Promise<void> {
  const settings = await trx
    .selectFrom('project_settings')
    .select('data')
    .where('project_id', '=', fromProject)
    .executeTakeFirst();
  if (settings)
    await trx
      .insertInto('project_settings')
      .values({
        project_id: toProject,
        data: JSON.stringify({ ...settings.data, name }),
        secrets: JSON.stringify({}),
        chatbot_token: newChatbotToken(),
      })
      .execute();
}
