import type { CallDefinition } from './contract/call.ts';

/**
 * The answers of the startup loads (spec 2 §7 "Startup loads"), kept for the project they were loaded for.
 * Each answer serves the first screen that makes the same call (same query and parameters) once, within a minute:
 * a screen's first visit needs no request, later visits and reloads ask the server. Any change the user makes drops
 * every answer (see `changesData` in client.ts), so nothing they changed is ever served from here.
 */
interface Entry {
  projectId: number | null;
  data: unknown;
  /** Date.now() when the answer arrived. */
  at: number;
}

/**
 * An answer older than this is not served: a colleague's change made since must show when a screen opens. A
 * minute covers the first look around after login, which is what the startup loads are for.
 */
export const STARTUP_ANSWER_MAX_AGE_MS = 60_000;

const entries = new Map<string, Entry>();

/** Undefined and null query values are not sent, so they do not tell two calls apart either. */
export function startupKey(
  call: CallDefinition,
  query: Record<string, unknown> | undefined,
  params: Record<string, unknown> | undefined,
): string {
  const defined = (o: Record<string, unknown> | undefined) =>
    Object.entries(o ?? {})
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([call.name, defined(query), defined(params)]);
}

export function primeStartup(key: string, entry: Omit<Entry, 'at'>): void {
  entries.set(key, { ...entry, at: Date.now() });
}

/** The answer for this call in this project, once; undefined when there is none. */
export function takeStartup(key: string, projectId: number | null): { data: unknown } | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  entries.delete(key);
  const fresh = Date.now() - entry.at <= STARTUP_ANSWER_MAX_AGE_MS;
  return entry.projectId === projectId && fresh ? { data: entry.data } : undefined;
}

export function clearStartup(): void {
  entries.clear();
}

/** How many answers wait to be served (tests and diagnostics). */
export function startupEntries(): number {
  return entries.size;
}
