import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';
import type { CallDefinition, CallResult } from './contract/call.ts';
import { needsAtime } from './contract/call.ts';
import { messageForPerson, type Notice, toldByClient } from './contract/notice.ts';
import type { CurrentUser } from './contract/users.ts';
import { can } from './permissions.ts';
import { clearStartup, primeStartup, startupKey, takeStartup } from './startupCache.ts';

/**
 * The browser's one way to the API (DESIGN §3, spec 2 §7–§8). Every call goes through `callApi`, typed by
 * the shared contract. Conventions applied here, once:
 * - base `/v1`, cookies included, header `x-requested-with: console` (the server's CSRF rule);
 * - `user_id` and `project_id` in the query of every call;
 * - `atime` (last `x-atime` seen for the call's resource) in the query of state-changing calls;
 * - undefined/null path ids become `-1`;
 * - the HTTP error table as notifications, and 401/403 as "the session is gone";
 * - a call whose contract access is a grant the user lacks is not sent: it REJECTS with `SkippedCallError`
 *   (a rejection, not `undefined`, so every caller's types stay honest and machines can route it to onError).
 */

export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH_VALUE = 'console';

/** Texts of the HTTP error table (spec 2 §8), verbatim. */
export const HTTP_ERROR_TEXTS = {
  error: { title: 'Error!' },
  insufficientPermissions: {
    title: 'Insufficient permissions.',
    message: 'If the administrator recently changed permissions, try reload the page.',
  },
  conflict: { title: 'Conflict! Data not saved.', message: 'A concurrent edit occurred.' },
  noResponse: { title: 'Backend Connection Error!', message: 'Please check your internet connection.' },
} as const;

export type { Notice };
/** Read where machines may read them too (src/api/contract): the server's words for a person, told or not. */
export { messageForPerson, toldByClient };

/** What the client needs from the app; src/console/connectApiClient.ts fills it in. */
export interface ClientHooks {
  notify: (notice: Notice) => void;
  /** 401 or 403 on a call that did not ask to ignore it: the session machine logs out, remembering the page. */
  onSessionLost: (status: number) => void;
  /** Called whenever the number of pending requests changes (feeds the requestProgress machine). */
  onPendingChange: (pending: number, delta: 1 | -1) => void;
}

/** Who is calling and for which project: set by the session and project-selection machines. */
export interface ClientScope {
  user: CurrentUser | null;
  projectId: number | null;
}

/** The contract's access was a grant the user does not hold; nothing was sent. */
export class SkippedCallError extends Error {
  override readonly name = 'SkippedCallError';
  readonly call: string;
  constructor(call: string) {
    super(`Call ${call} skipped: permission not granted`);
    this.call = call;
  }
}

/** A call that failed; `status` is null when no response arrived. `notified` says the error table handled it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | null;
  readonly data: unknown;
  readonly notified: boolean;
  constructor(call: string, status: number | null, data: unknown, notified: boolean) {
    super(messageOf(data) ?? `Call ${call} failed${status === null ? ' without response' : ` with ${status}`}`);
    this.status = status;
    this.data = data;
    this.notified = notified;
  }
}

const messageOf = (data: unknown): string | undefined =>
  data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : undefined;

type Input<T> = T extends z.ZodType ? z.input<T> : never;

export interface CallOptions<C extends CallDefinition> {
  /** Path parameters by name; undefined or null become -1. */
  params?: Record<string, string | number | null | undefined>;
  /** Extra query parameters; user_id, project_id and atime are added by the client. */
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: Input<C['body']>;
  /** An entity fetch for another project must not log the user out on 403 (spec 1 §7). */
  ignore403?: boolean;
  /** Statuses the caller handles itself: no notification and no logout for them (e.g. login's 401 and 429). */
  expectedStatuses?: number[];
  /**
   * The caller shows this call's failure itself, once, with the server's message (an import's 'Cannot upload
   * files!', a download's 'Cannot download file!', a deploy's failure, a dialog's inline message): the table keeps
   * only the session (401/403), 402, 409 and no response.
   */
  ownsFailure?: boolean;
  signal?: AbortSignal;
  /** The startup chart's loads: the answer is kept for the first screen that makes the same call. */
  primeStartup?: boolean;
}

export type { CallResult };

const defaultHooks: ClientHooks = {
  notify: () => {},
  onSessionLost: () => {},
  onPendingChange: () => {},
};

const state = {
  hooks: defaultHooks,
  scope: { user: null, projectId: null } as ClientScope,
  /** Last x-atime per canonical resource path (DESIGN §3), kept as text: microseconds exceed nothing but stay exact. */
  atimes: new Map<string, string>(),
  pending: 0,
  baseURL: undefined as string | undefined,
};

export function configureApiClient(hooks: Partial<ClientHooks>): void {
  state.hooks = { ...state.hooks, ...hooks };
}

export function setApiScope(scope: Partial<ClientScope>): void {
  state.scope = { ...state.scope, ...scope };
}

export function getApiScope(): ClientScope {
  return state.scope;
}

/** The atime the client would send for a resource (tests and diagnostics). */
export function atimeOf(resource: string): string | undefined {
  return state.atimes.get(resource);
}

/** Forget everything session-bound (on logout and between tests). */
export function resetApiClient(): void {
  state.scope = { user: null, projectId: null };
  state.atimes.clear();
  state.pending = 0;
  clearStartup();
}

/** Override the API base (tests use an absolute URL); defaults to `<origin>/v1`. */
export function setApiBase(baseURL: string | undefined): void {
  state.baseURL = baseURL;
}

const apiBase = (): string =>
  state.baseURL ?? (typeof location === 'undefined' ? 'http://localhost:8000/v1' : `${location.origin}/v1`);

/** `/intent/:id/template` + {id: undefined} -> `/intent/-1/template` (spec 2 §7). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '-1' : encodeURIComponent(String(value));
  });
}

function isAllowed(call: CallDefinition): boolean {
  const { access } = call;
  if (access.kind !== 'grant') return true;
  const env = access.env === 'query' ? undefined : access.env;
  return can(state.scope.user, access.method, access.path, state.scope.projectId, env);
}

/** The scope every call and download carries in its query: the user's id and the project's. */
function scopeQuery(): Record<string, string> {
  const out: Record<string, string> = {};
  const { user, projectId } = state.scope;
  if (user) out.user_id = String(user.id);
  if (projectId !== null) out.project_id = String(projectId);
  return out;
}

function buildQuery(call: CallDefinition, query: Record<string, unknown> | undefined): Record<string, string> {
  const out = scopeQuery();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) out[key] = String(value);
  }
  const atime = state.atimes.get(call.resource);
  if (needsAtime(call) && atime !== undefined) out.atime = atime;
  return out;
}

function changePending(delta: 1 | -1): void {
  state.pending = Math.max(0, state.pending + delta);
  state.hooks.onPendingChange(state.pending, delta);
}

/** What the table always answers itself, even when the caller owns the failure. */
const TABLE_OWNED_STATUSES = [401, 402, 403, 409];

type TableOptions = { ignore403?: boolean; expected?: number[]; ownsFailure?: boolean };

/** Apply the HTTP error table (spec 2 §8). Returns whether the user was told something. */
function applyErrorTable(status: number | null, data: unknown, options: TableOptions): boolean {
  const { notify, onSessionLost } = state.hooks;
  if (status !== null && options.expected?.includes(status)) return false;
  if (status !== null && options.ownsFailure && !TABLE_OWNED_STATUSES.includes(status)) return false;
  if (status === null) {
    notify({ ...HTTP_ERROR_TEXTS.noResponse, color: 'red' });
    return true;
  }
  if (status === 401 || (status === 403 && !options.ignore403)) {
    onSessionLost(status);
    return true;
  }
  if (status === 402) {
    notify({ ...HTTP_ERROR_TEXTS.insufficientPermissions, color: 'yellow' });
    return true;
  }
  if (status === 409) {
    notify({ ...HTTP_ERROR_TEXTS.conflict, color: 'red' });
    return true;
  }
  if (status === 400 || status >= 500) {
    // The spec's toast, with the server's words when it wrote them for a person ("Line 3: ...").
    const message = messageForPerson(status, data);
    notify({ ...HTTP_ERROR_TEXTS.error, ...(message ? { message } : {}), color: 'red' });
    return true;
  }
  return false;
}

/** The one entry point: send a contract call with the conventions above and parse its answer. */
export async function callApi<C extends CallDefinition>(call: C, options: CallOptions<C> = {}): Promise<CallResult<C>> {
  if (!isAllowed(call)) throw new SkippedCallError(call.name);
  const key = startupKey(call, options.query, options.params);
  if (call.method === 'GET' && !options.primeStartup) {
    const loaded = takeStartup(key, state.scope.projectId);
    if (loaded) return loaded.data as CallResult<C>;
  }
  const url = fillPath(call.path, options.params as Record<string, unknown> | undefined);
  changePending(1);
  try {
    const response = await ofetch.raw(url, {
      baseURL: apiBase(),
      method: call.method,
      query: buildQuery(call, options.query as Record<string, unknown> | undefined),
      body: options.body as Record<string, unknown> | undefined,
      headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      credentials: 'include',
      signal: options.signal,
      retry: 0,
    });
    rememberAtime(call, response.headers);
    const parsed = call.response.safeParse(response._data ?? {});
    if (!parsed.success) {
      applyErrorTable(500, undefined, {});
      throw new ApiError(call.name, response.status, { message: `Unexpected answer of ${call.name}` }, true);
    }
    if (options.primeStartup) primeStartup(key, { projectId: state.scope.projectId, data: parsed.data });
    // A change may alter any loaded answer (a classified phrase changes intents and fallbacks): none is served after it.
    else if (changesData(call)) clearStartup();
    return parsed.data as CallResult<C>;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof FetchError || (error instanceof Error && error.name === 'FetchError')) {
      const fetchError = error as FetchError;
      if (fetchError.response) rememberAtime(call, fetchError.response.headers);
      if (options.signal?.aborted) throw error;
      const status = fetchError.response?.status ?? null;
      const notified = applyErrorTable(status, fetchError.data, {
        ignore403: options.ignore403,
        expected: options.expectedStatuses,
        ownsFailure: options.ownsFailure,
      });
      throw new ApiError(call.name, status, fetchError.data, notified);
    }
    throw error;
  } finally {
    changePending(-1);
  }
}

/**
 * A file the API streams (CSV exports, stored files): not JSON, so not `callApi`, but under the same conventions:
 * the scope query, the header, the pending count and the error table (an expired session shows the login). The
 * caller owns the failure's one toast ('Cannot download file!'), skipped when the table already told the user.
 */
export async function downloadFromApi(
  path: string,
  query: Record<string, string | undefined>,
): Promise<{ blob: Blob; fileName: string | null }> {
  const scoped = scopeQuery();
  for (const [key, value] of Object.entries(query)) if (value) scoped[key] = value;
  changePending(1);
  try {
    const response = await ofetch.raw(path, {
      baseURL: apiBase(),
      query: scoped,
      headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      credentials: 'include',
      responseType: 'blob',
      retry: 0,
    });
    const disposition = response.headers.get('content-disposition') ?? '';
    return { blob: response._data as Blob, fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  } catch (error) {
    if (error instanceof FetchError || (error instanceof Error && error.name === 'FetchError')) {
      const fetchError = error as FetchError;
      const status = fetchError.response?.status ?? null;
      const data = await blobAnswer(fetchError.data);
      const notified = applyErrorTable(status, data, { ownsFailure: true });
      throw new ApiError(`GET ${path}`, status, data, notified);
    }
    throw error;
  } finally {
    changePending(-1);
  }
}

/** An error answer read as a blob (the download asked for one): its JSON when it is JSON. */
async function blobAnswer(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text());
  } catch {
    return undefined;
  }
}

/** The GETs that act: train, deploy, run a test, reload the worker. */
const ACTING_GETS = new Set(['/run/train', '/run/deploy', '/run/test/:id', '/worker/reload']);

/** Writes and acting GETs; chat turns change no list a screen shows. */
const changesData = (call: CallDefinition): boolean =>
  (call.method !== 'GET' || ACTING_GETS.has(call.path)) && !call.resource.startsWith('/chat');

function rememberAtime(call: CallDefinition, headers: Headers): void {
  const atime = headers.get('x-atime');
  if (atime) state.atimes.set(call.resource, atime);
}
