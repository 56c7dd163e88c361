import type { EntityDefinition } from '../nlu/types.ts';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  email: string;
  passwd_hash: string;
  password_expired: boolean;
  password_changed_at: Timestamp;
  /** Role whose grants apply in every project (platform administrators). */
  system_role_id: number | null;
  otp_secret: string | null;
  /** Last accepted TOTP time step: a code of that step or earlier is a replay. */
  otp_last_step: number | null;
  is_active: Generated<boolean>;
  /** Set when the user was deleted; the row stays so the users log keeps its author (migration 0002). */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export interface ProjectsTable {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  language: string;
  created_at: CreatedAt;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  project_env: 'dev' | 'prod' | null;
  /** Ids of the permissions that this one covers (ticking it ticks them). */
  covers: JSONColumnType<number[]>;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserProjectsTable {
  user_id: number;
  project_id: number;
  role_id: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table gives no usable cookie. */
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
}

export interface UsersLogsTable {
  id: Generated<number>;
  user_id: number | null;
  project_id: number | null;
  action: string;
  created_at: CreatedAt;
}

export interface ResourceAtimesTable {
  project_id: number;
  resource: string;
  atime: number;
}

export interface RevisionsTable {
  id: Generated<number>;
  project_id: number;
  resource: string;
  item_id: string;
  time: number;
  user_id: number | null;
  /** The item as it was (JSON), null for a deletion. */
  data: ColumnType<unknown, string | null, string | null>;
  deleted: boolean;
}

export interface ProjectSettingsTable {
  project_id: number;
  data: JSONColumnType<Record<string, unknown>>;
  /** Write-only values (SIP passwords): never answered, never in revisions. */
  secrets: JSONColumnType<Record<string, string>>;
  chatbot_token: string;
}

export interface LabelsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  color: string;
  created_at: CreatedAt;
}

export interface PlatformSettingsTable {
  id: number;
  max_password_age_days: number | null;
  require_otp: boolean;
}

// Storage, one-time-code enrolment and single sign-on (migration 0004).
export interface StorageBlobsTable {
  sha256: string;
  content: Uint8Array;
}

export interface StorageFilesTable {
  id: Generated<number>;
  project_id: number;
  /** The client's name: a label shown as text, never a path. */
  name: string;
  version: number;
  size: number;
  /** Detected from the content, not the client's declaration. */
  type: string;
  sha256: string;
  user_id: number | null;
  created_at: CreatedAt;
  deleted_at: Date | null;
}

export interface OtpEnrolmentsTable {
  user_id: number;
  secret: string;
  created_at: CreatedAt;
}

export interface OidcFlowsTable {
  state: string;
  nonce: string;
  code_verifier: string;
  /** sha256 of the browser-binding cookie set when the flow started. */
  binding: string;
  expires_at: Timestamp;
}

export interface ExternalIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  email: string | null;
  created_at: CreatedAt;
  last_login_at: Date | null;
}

/** Language model (migration 0005): intents, their templates as rows, synonyms, entities, fallbacks, models, jobs. */
export interface IntentsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface IntentTemplatesTable {
  id: Generated<number>;
  intent_id: number;
  project_id: number;
  template: string;
}

export interface SynonymsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  values: JSONColumnType<string[]>;
}

/** An entity's row: the engine's definition (server/nlu) plus its project, id sequence and system flag. */
export interface EntitiesTable
  extends Pick<EntityDefinition, 'name' | 'type' | 'match' | 'occurrence' | 'case_insensitive' | 'values'> {
  id: Generated<number>;
  /** null: a system entity shared by every project. */
  project_id: number | null;
  is_system: boolean;
}

export interface UnclassifiedIntentsTable {
  id: Generated<number>;
  project_id: number;
  intent: string;
  intent_key: string;
  counter: number;
  conversations_ids: JSONColumnType<string[]>;
  class: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NluModelsTable {
  id: Generated<number>;
  project_id: number;
  kind: 'draft' | 'deployment';
  deployment_id: number | null;
  bytes: Uint8Array;
  trained_at: Timestamp;
  data_hash: string;
  version: ColumnType<number, number | undefined, number>;
}

export interface NluEvaluationsTable {
  project_id: number;
  data: JSONColumnType<object>;
  data_hash: string;
  finished_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  project_id: number | null;
  payload: JSONColumnType<Record<string, unknown>>;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  error: string | null;
  locked_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  heartbeat_at: Date | null;
  finished_at: Date | null;
}

/* 0006 dialogue and conversations (chat runtime) */
/** A JSON column with a database default: optional on insert. */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
type ChangedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export interface ReactionScopesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
}

export interface ReactionsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  condition: ColumnType<string, string | undefined, string>;
  /** Intent names (and the pseudo-intents @start, @fallback). */
  intents: JSONColumnType<string[]>;
  priority: number;
  reactions_scopes_id: number | null;
  actions: JSONColumnType<{ name: string; args: Record<string, unknown>; who: 'bot' | 'user' | 'system' }[]>;
}

export interface ProjectActionsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  type: 'webhook';
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: JSONColumnType<Record<string, string>>;
  timeout_ms: number;
}

export interface ConversationsTable {
  id: Generated<number>;
  project_id: number;
  project_env: 'draft' | 'dev' | 'prod';
  deployment_id: number | null;
  user_id: number | null;
  /** sha256 of the conversation token the client holds. */
  token_hash: string;
  started_at: CreatedAt;
  last_activity_at: ChangedAt;
  /** Timestamp (microseconds) of the last tracker entry. The entries themselves are in conversation_entries. */
  last_ts: ColumnType<number, number | undefined, number>;
  variables: JsonWithDefault<Record<string, unknown>>;
  scope_id: ColumnType<number | null, number | null | undefined, number | null>;
  projects: JsonWithDefault<number[]>;
  /** Pending timeout timers: reaction name -> due time (ms). */
  timers: JsonWithDefault<Record<string, number>>;
  ended: ColumnType<boolean, boolean | undefined, boolean>;
  /** Set while a turn runs (a slow webhook): provisional responses say "pending" until then. */
  busy_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  version: ColumnType<number, number | undefined, number>;
  labels: JsonWithDefault<string[]>;
  messages: ColumnType<number, number | undefined, number>;
  preview: ColumnType<string, string | undefined, string>;
  search_text: ColumnType<string, string | undefined, string>;
  /** 'chat', or 'voice' for a campaign's call (migration 0010). */
  channel: ColumnType<string, string | undefined, string>;
}

/**
 * 0014: a conversation's transcript, appended a write at a time: the entries one write added, under the
 * conversation's version after it (`seq`); the transcript is the rows in `seq` order, concatenated.
 */
export interface ConversationEntriesTable {
  conversation_id: number;
  seq: number;
  /** The largest timestamp (microseconds) among `entries`. */
  last_ts: number;
  entries: JSONColumnType<unknown[]>;
}

export interface ConversationNotesTable {
  id: Generated<number>;
  project_id: number;
  conversation_id: number;
  user_id: number | null;
  text: string;
  created_at: CreatedAt;
  updated_at: ChangedAt;
}

export interface ChatAttachmentsTable {
  id: Generated<number>;
  project_id: number;
  conversation_id: number;
  name: string;
  mime: string;
  size: number;
  content: Uint8Array;
  created_at: CreatedAt;
}

/* 0007 tests and deployments */
export interface TestsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  steps: JSONColumnType<{ input: string; reactions: (number | string)[]; condition: string; actions: string[] }[]>;
}

export interface DeploymentsTable {
  id: Generated<number>;
  project_id: number;
  project_env: 'dev' | 'prod';
  /** Unix seconds. */
  version: number;
  created: CreatedAt;
  users_id: number | null;
  note: string;
  rollback_of: number | null;
  /** The frozen configuration (see server/features/deployments/deployments.ts); never updated. */
  configuration: JSONColumnType<Record<string, unknown>>;
}

/* 0008 dashboard statistics: hourly roll-ups of the chat turns (UTC hours) */
/** A conversation's channel: a console session (user_id) or the widget. */
export type StatsChannel = 'console' | 'widget';
export interface StatsHourlyTable {
  project_id: number;
  project_env: 'draft' | 'dev' | 'prod';
  channel: StatsChannel;
  hour_utc: Date;
  /** Conversations started in this hour. */
  conversations: number;
  user_messages: number;
  fallbacks: number;
  confidence_sum: number;
  confidence_count: number;
  hist0: number;
  hist1: number;
  hist2: number;
  hist3: number;
  hist4: number;
  hist5: number;
  hist6: number;
  hist7: number;
  hist8: number;
  hist9: number;
  /** Conversations started in this hour and ended by call_end / call_transfer (at any later time). */
  ended: number;
  transferred: number;
  /** Issue 16: turns answered from the knowledge base, and knowledge searches that found no answer. */
  knowledge_answers: ColumnType<number, number | undefined, number>;
  knowledge_no_answers: ColumnType<number, number | undefined, number>;
  /** 0011: rows of one hour spread over slots (the conversation id modulo STATS_SLOTS); readers sum them. */
  slot: ColumnType<number, number | undefined, number>;
}

export interface StatsIntentsHourlyTable {
  project_id: number;
  project_env: 'draft' | 'dev' | 'prod';
  hour_utc: Date;
  intent: string;
  count: number;
  slot: ColumnType<number, number | undefined, number>;
}

export interface StatsCallersHourlyTable {
  project_id: number;
  project_env: 'draft' | 'dev' | 'prod';
  hour_utc: Date;
  user_id: number;
}

export interface StatsIntentsDailyTable {
  project_id: number;
  project_env: 'draft' | 'dev' | 'prod';
  /** A UTC day (YYYY-MM-DD). */
  day_utc: ColumnType<string, string, string>;
  intent: string;
  count: number;
  slot: ColumnType<number, number | undefined, number>;
}

export interface StatsUnclassifiedDailyTable {
  project_id: number;
  project_env: 'draft' | 'dev' | 'prod';
  day_utc: ColumnType<string, string, string>;
  phrase: string;
  count: number;
}

export interface StatsUnclassifiedHourlyTable {
  project_id: number;
  project_env: 'draft' | 'dev' | 'prod';
  hour_utc: Date;
  phrase: string;
  count: number;
}

/* 0009 knowledge base and QA trainings (issue 16) */
export interface KnowledgesTable {
  id: Generated<number>;
  project_id: number;
  link: string;
  title: string;
  knowledge: string;
  source: 'manual' | 'url' | 'file' | 'csv';
  file: string | null;
  indexed_hash: string | null;
  indexed_at: Date | null;
  index_error: string | null;
}

export interface QaTrainingsTable {
  id: Generated<number>;
  project_id: number;
  question: string;
  knowledge_id: number | null;
}

export interface KnowledgeIndexesTable {
  id: Generated<number>;
  project_id: number;
  kind: 'draft' | 'deployment';
  deployment_id: number | null;
  data: string;
  entries: number;
  passages: number;
  data_hash: string;
  built_at: Timestamp;
  report: ColumnType<unknown, string | null | undefined, string | null>;
  version: ColumnType<number, number | undefined, number>;
}

export interface QaEvaluationsTable {
  project_id: number;
  data: JSONColumnType<object>;
  data_hash: string;
  finished_at: Timestamp;
}

export interface Database {
  companies: CompaniesTable;
  users: UsersTable;
  projects: ProjectsTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  user_projects: UserProjectsTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  users_logs: UsersLogsTable;
  resource_atimes: ResourceAtimesTable;
  revisions: RevisionsTable;
  storage_blobs: StorageBlobsTable;
  storage_files: StorageFilesTable;
  otp_enrolments: OtpEnrolmentsTable;
  oidc_flows: OidcFlowsTable;
  external_identities: ExternalIdentitiesTable;
  project_settings: ProjectSettingsTable;
  labels: LabelsTable;
  platform_settings: PlatformSettingsTable;
  intents: IntentsTable;
  intent_templates: IntentTemplatesTable;
  synonyms: SynonymsTable;
  entities: EntitiesTable;
  unclassified_intents: UnclassifiedIntentsTable;
  nlu_models: NluModelsTable;
  nlu_evaluations: NluEvaluationsTable;
  jobs: JobsTable;
  reaction_scopes: ReactionScopesTable;
  reactions: ReactionsTable;
  project_actions: ProjectActionsTable;
  conversations: ConversationsTable;
  conversation_entries: ConversationEntriesTable;
  conversation_notes: ConversationNotesTable;
  chat_attachments: ChatAttachmentsTable;
  tests: TestsTable;
  deployments: DeploymentsTable;
  stats_hourly: StatsHourlyTable;
  stats_intents_hourly: StatsIntentsHourlyTable;
  stats_unclassified_hourly: StatsUnclassifiedHourlyTable;
  stats_intents_daily: StatsIntentsDailyTable;
  stats_unclassified_daily: StatsUnclassifiedDailyTable;
  stats_callers_hourly: StatsCallersHourlyTable;
  knowledges: KnowledgesTable;
  qa_trainings: QaTrainingsTable;
  knowledge_indexes: KnowledgeIndexesTable;
  qa_evaluations: QaEvaluationsTable;
  outbound_campaigns: OutboundCampaignsTable;
  outbound_calls: OutboundCallsTable;
  outbound_callbacks: OutboundCallbacksTable;
  campaign_engines: CampaignEnginesTable;
  do_not_call: DoNotCallTable;
  email_reports: EmailReportsTable;
  email_report_sends: EmailReportSendsTable;
}

/* 0010 outbound campaigns (issue 17) */
export interface OutboundCampaignsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  project_env: 'dev' | 'prod';
  /** UTC HH:MM; a window whose end is before its start crosses midnight. */
  call_time_from: string;
  call_time_to: string;
  /** Minutes. */
  retry_interval: number;
  retry_count: number;
  /** Ring time, seconds. */
  timeout: number;
  callback_url: ColumnType<string, string | undefined, string>;
  /** HMAC key of the callbacks. */
  callback_secret: string;
  state: ColumnType<'running' | 'paused', 'running' | 'paused' | undefined, 'running' | 'paused'>;
  max_concurrent: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  /** 0016: IANA time zone of call_time_from/to (UTC for campaigns written before). */
  time_zone: ColumnType<string, string | undefined, string>;
  /** 0017: what a gateway's answering-machine detection leads to ('off' for campaigns written before). */
  answering_machine: ColumnType<'off' | 'hang-up' | 'message', 'off' | 'hang-up' | 'message' | undefined>;
}

/* 0016 a project's do-not-call list (issue 38): checked at dial time. */
export interface DoNotCallTable {
  id: Generated<number>;
  project_id: number;
  /** Normalised as a call list's destination (E.164 or SIP URI). */
  destination: string;
  note: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface OutboundCallsTable {
  id: Generated<number>;
  campaign_id: number;
  destination: string;
  scheduled_at: Timestamp;
  status: ColumnType<
    'queued' | 'dialling' | 'answered' | 'completed' | 'failed',
    'queued' | 'dialling' | 'answered' | 'completed' | 'failed' | undefined,
    'queued' | 'dialling' | 'answered' | 'completed' | 'failed'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_result: string | null;
  last_code: string | null;
  codes: ColumnType<(string | null)[], string | undefined, string>;
  dialler: string | null;
  provider_call_id: string | null;
  dialled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  answered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  conversation_id: number | null;
  conversation_token: string | null;
  /** The engine (campaign_engines) that placed the current attempt. */
  engine_id: string | null;
  /** 0017: who answered the current attempt, as the gateway's answering-machine detection said; null without it. */
  answered_by: ColumnType<'human' | 'machine' | null, 'human' | 'machine' | null | undefined>;
}

/** Each process's dialler engine and its last heartbeat: calls of an engine gone silent are reconciled. */
export interface CampaignEnginesTable {
  id: string;
  seen_at: Timestamp;
}

export interface OutboundCallbacksTable {
  id: Generated<number>;
  campaign_id: number;
  call_id: number;
  payload: ColumnType<unknown, string, string>;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: Timestamp;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
}

/* 0015 email reports (issue 37) */
export interface EmailReportsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  project_env: 'dev' | 'prod';
  period: 'daily' | 'weekly' | 'monthly';
  tz: string;
  recipients: JSONColumnType<string[], string, string>;
  sections: JSONColumnType<string[], string, string>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export type EmailReportSendStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed';

export interface EmailReportSendsTable {
  id: Generated<number>;
  report_id: number;
  kind: 'scheduled' | 'test';
  period_from: string;
  period_to: string;
  status: ColumnType<EmailReportSendStatus, EmailReportSendStatus | undefined, EmailReportSendStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  delivered: JSONColumnType<string[], string | undefined, string>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locked_by: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}
