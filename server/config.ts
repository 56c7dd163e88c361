import path from 'node:path';
import { ATTACHMENT_MAX_BYTES } from '../src/api/contract/chat.ts';
import { DEFAULT_IMPORT_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES } from '../src/api/contract/storage.ts';
import type { OidcSettings } from './auth/oidc.ts';
import {
  type ScreenshotSettings,
  readScreenshotSettings,
} from './features/chatbot-test/screenshots/screenshot-settings.ts';
import { type DiallerSettings, readDiallerSettings } from './features/campaigns/diallers/dialler-settings.ts';
import type { SmtpSettings } from './features/email-reports/smtp-mailer.ts';

/** Everything the server reads from the environment, in one place (README lists these). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedAdminPassword: string | null;
  /** SEED_DEMO=0: the first start seeds the administrator only, no demo project (the console's first run). */
  seedDemo: boolean;
  distDir: string;
  /** The statechart gallery (`npm run statecharts`), served to signed-in staff at /docs/statecharts/ when present. */
  statechartsDir: string;
  logLevel: string;
  /** Behind TLS the session cookie is Secure. */
  secureCookies: boolean;
  /** Corporate single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI); null: off. */
  oidc: OidcSettings | null;
  /** The storage upload limit in bytes (UPLOAD_MAX_BYTES, else 10 MB); above it uploads answer 413. */
  uploadMaxBytes: number;
  /**
   * The CSV import limit in bytes: intents, knowledge entries, QA questions and campaign call lists
   * (IMPORT_MAX_BYTES, else 20 MB); above it the file is refused whole with 413.
   */
  importMaxBytes: number;
  /** The limit of one chat attachment in bytes (CHAT_ATTACHMENT_MAX_BYTES, else the contract's 5 MB); above it 413. */
  attachmentMaxBytes: number;
  /** The chatbot test screen's screenshots (SCREENSHOT_SERVICE_URL/KEY, CHROMIUM_PATH, SCREENSHOT_ALLOW_PRIVATE). */
  screenshots: ScreenshotSettings;
  /** Behind a proxy or load balancer (TRUST_PROXY=1): client addresses come from X-Forwarded-For. */
  trustProxy: boolean;
  /** The server runs queued jobs itself unless JOBS_IN_PROCESS=0 (then worker processes do). */
  jobsInProcess: boolean;
  /** Jobs one worker process runs at once (JOB_CONCURRENCY, default 1). */
  jobConcurrency: number;
  /** How often an idle job runner looks for jobs other processes queued (JOB_POLL_MS, default 1000). */
  jobPollMs: number;
  /** The text-to-speech program (ESPEAK_BINARY, default espeak-ng from PATH). */
  espeakBinary: string;
  /**
   * `host:port` pairs on private addresses that webhooks, campaign callbacks and knowledge imports may reach anyway
   * (PRIVATE_FETCH_ALLOW, comma-separated; empty by default): an intranet wiki, an in-house CRM, a test's local page.
   */
  privateFetchAllow: string[];
  /** How often each process's campaign engine looks for due calls (CAMPAIGN_TICK_MS, default 1000). */
  campaignTickMs: number;
  /**
   * On SIGTERM, how long /healthz answers 503 before the process stops taking requests (SHUTDOWN_DRAIN_MS,
   * default 0): behind a load balancer, long enough for its health check to notice (2 s with deploy/haproxy.cfg).
   */
  shutdownDrainMs: number;
  /**
   * How long, under steady load, a chat message's read and write wait for others to share their statement
   * (CHAT_BATCH_LINGER_MS, default 2; 0: never). server/db/group-commit.ts says why.
   */
  chatBatchLingerMs: number;
  /**
   * Requests one process works on at once (MAX_REQUESTS_IN_FLIGHT, default 256): past it the API answers 503 with
   * Retry-After at once instead of queuing (server/http/overload-guard.ts); /healthz always answers.
   */
  maxRequestsInFlight: number;
  /** BENCH_COUNTERS=1: GET /bench/counters answers this process's SQL statement count and CPU time (bench/chat-load.ts). */
  benchCounters: boolean;
  /**
   * GET /metrics (Prometheus) answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset: no /metrics at all.
   */
  metricsToken: string | null;
  /** Campaign calls: CAMPAIGN_DIALLER=none (default: calls wait) | fake | sip (baresip) | jambonz | twilio, with that gateway's settings. */
  dialler: DiallerSettings;
  /** Where email reports are mailed through (SMTP_URL or SMTP_HOST/PORT/USER/PASS, SMTP_FROM); null: no mail. */
  smtp: SmtpSettings | null;
  /** How often each process looks for email reports due (EMAIL_REPORTS_TICK_MS, default 60000). */
  emailReportsTickMs: number;
}

const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'] as const;

/** None of the four turns single sign-on off; some but not all is a mistake worth refusing to start for. */
function readOidc(env: NodeJS.ProcessEnv): OidcSettings | null {
  const missing = OIDC_VARIABLES.filter((name) => !env[name]);
  if (missing.length === OIDC_VARIABLES.length) return null;
  if (missing.length > 0) throw new Error(`Single sign-on is half configured: set ${missing.join(', ')} as well.`);
  for (const name of ['OIDC_ISSUER', 'OIDC_REDIRECT_URI'] as const) {
    if (!URL.canParse(env[name] as string)) throw new Error(`${name} must be a URL.`);
  }
  return {
    issuer: env.OIDC_ISSUER as string,
    clientId: env.OIDC_CLIENT_ID as string,
    clientSecret: env.OIDC_CLIENT_SECRET as string,
    redirectUri: env.OIDC_REDIRECT_URI as string,
    roleSync: readRoleSync(env),
  };
}

/** OIDC_ROLES_CLAIM names the claim, OIDC_ROLE_MAP maps its values to a role per project; both or neither. */
function readRoleSync(env: NodeJS.ProcessEnv): OidcSettings['roleSync'] {
  const claim = env.OIDC_ROLES_CLAIM;
  const raw = env.OIDC_ROLE_MAP;
  if (!claim && !raw) return null;
  if (!claim || !raw) throw new Error('Role synchronisation needs both OIDC_ROLES_CLAIM and OIDC_ROLE_MAP.');
  let map: unknown;
  try {
    map = JSON.parse(raw);
  } catch {
    throw new Error('OIDC_ROLE_MAP must be JSON: {"<claim value>": {"<project id>": "<role name>"}}.');
  }
  const valid =
    map !== null &&
    typeof map === 'object' &&
    !Array.isArray(map) &&
    Object.values(map).every(
      (projects) =>
        projects !== null &&
        typeof projects === 'object' &&
        !Array.isArray(projects) &&
        Object.entries(projects).every(([id, role]) => /^[1-9]\d*$/.test(id) && typeof role === 'string' && role),
    );
  if (!valid) throw new Error('OIDC_ROLE_MAP must be JSON: {"<claim value>": {"<project id>": "<role name>"}}.');
  return { claim, map: map as Record<string, Record<string, string>> };
}

/** SMTP_URL, or a URL made of SMTP_HOST, SMTP_PORT (465: TLS from the start), SMTP_USER and SMTP_PASS. */
function readSmtp(env: NodeJS.ProcessEnv): SmtpSettings | null {
  let url = env.SMTP_URL || null;
  if (!url && env.SMTP_HOST) {
    const port = env.SMTP_PORT || '587';
    const auth = env.SMTP_USER
      ? `${encodeURIComponent(env.SMTP_USER)}:${encodeURIComponent(env.SMTP_PASS ?? '')}@`
      : '';
    url = `${port === '465' ? 'smtps' : 'smtp'}://${auth}${env.SMTP_HOST}:${port}`;
  }
  if (!url) return null;
  if (!/^smtps?:\/\//.test(url) || !URL.canParse(url))
    throw new Error('SMTP_URL must be smtp://host:port or smtps://host:port.');
  if (!env.SMTP_FROM) throw new Error('Email reports need SMTP_FROM, the sender address, beside the SMTP server.');
  return { url, from: env.SMTP_FROM };
}

/** A size limit in bytes from `name`, else `fallback`; anything but a positive whole number stops the server. */
function readByteLimit(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number of bytes, not "${raw}".`);
  }
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    seedAdminPassword: env.SEED_ADMIN_PASSWORD || null,
    seedDemo: env.SEED_DEMO !== '0',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    statechartsDir: path.resolve(env.STATECHARTS_DIR ?? './docs/statecharts'),
    logLevel: env.LOG_LEVEL ?? 'info',
    secureCookies: env.SECURE_COOKIES === '1',
    oidc: readOidc(env),
    uploadMaxBytes: readByteLimit(env, 'UPLOAD_MAX_BYTES', DEFAULT_UPLOAD_MAX_BYTES),
    importMaxBytes: readByteLimit(env, 'IMPORT_MAX_BYTES', DEFAULT_IMPORT_MAX_BYTES),
    attachmentMaxBytes: readByteLimit(env, 'CHAT_ATTACHMENT_MAX_BYTES', ATTACHMENT_MAX_BYTES),
    screenshots: readScreenshotSettings(env),
    trustProxy: env.TRUST_PROXY === '1',
    jobsInProcess: env.JOBS_IN_PROCESS !== '0',
    jobConcurrency: Number(env.JOB_CONCURRENCY ?? 1),
    jobPollMs: Math.max(10, Number(env.JOB_POLL_MS ?? 1000) || 1000),
    espeakBinary: env.ESPEAK_BINARY || 'espeak-ng',
    privateFetchAllow: readPrivateFetchAllow(env.PRIVATE_FETCH_ALLOW),
    campaignTickMs: Number(env.CAMPAIGN_TICK_MS ?? 1000),
    smtp: readSmtp(env),
    emailReportsTickMs: Number(env.EMAIL_REPORTS_TICK_MS ?? 60_000),
    benchCounters: env.BENCH_COUNTERS === '1',
    maxRequestsInFlight: readPositive(env, 'MAX_REQUESTS_IN_FLIGHT', 256),
    chatBatchLingerMs: Math.max(0, Number(env.CHAT_BATCH_LINGER_MS ?? 2) || 0),
    dialler: readDiallerSettings(env),
    metricsToken: readMetricsToken(env.METRICS_TOKEN),
    shutdownDrainMs: Number(env.SHUTDOWN_DRAIN_MS ?? 0) || 0,
  };
}

/** METRICS_TOKEN: a secret a scraper sends; a short one is refused (it would be guessed), empty is off. */
function readMetricsToken(value: string | undefined): string | null {
  if (!value) return null;
  if (value.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long.');
  return value;
}

/** A positive whole number from `name`, else `fallback`; anything else stops the server with a clear message. */
function readPositive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, not "${raw}".`);
  return value;
}

/** PRIVATE_FETCH_ALLOW: `host:port` pairs, comma-separated; anything else stops the server with a clear message. */
function readPrivateFetchAllow(value: string | undefined): string[] {
  const pairs = (value ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean);
  for (const pair of pairs) {
    if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(pair)) {
      throw new Error(`PRIVATE_FETCH_ALLOW takes host:port pairs separated by commas, not "${pair}".`);
    }
  }
  return pairs;
}
