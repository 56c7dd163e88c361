import type { TrackerEntry } from '../../api/contract/chat.ts';
import { LOG_LEVELS, type LogLevelName } from '../../api/contract/chat.ts';
import type { EntityLookup } from './entityLookup.ts';

/** Entries arrive from the answer, the provisional poll and the socket, overlapping: keep one per timestamp, in order. */
export function mergeEntries(current: readonly TrackerEntry[], incoming: readonly TrackerEntry[]): TrackerEntry[] {
  if (incoming.length === 0) return current as TrackerEntry[];
  const byTs = new Map(current.map((e) => [e.timestamp, e]));
  for (const e of incoming) byTs.set(e.timestamp, e);
  return [...byTs.values()].sort((a, b) => a.timestamp - b.timestamp);
}

export const lastTimestamp = (entries: readonly TrackerEntry[]): number => entries.at(-1)?.timestamp ?? 0;

/** Entries of `incoming` not yet in `current` (timers and the socket react only to new ones). */
export const newEntries = (current: readonly TrackerEntry[], incoming: readonly TrackerEntry[]): TrackerEntry[] => {
  const seen = new Set(current.map((e) => e.timestamp));
  return incoming.filter((e) => !seen.has(e.timestamp));
};

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** Only http(s) links and images are ever put in an href or src (QUALITY: transcripts). */
export const isWebUrl = (url: string): boolean => {
  if (!/^https?:\/\//i.test(url.trim())) return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
};

/** What the chat window shows, derived from the tracker; every text stays text. */
export type ChatItem =
  | { kind: 'user'; key: number; text: string; intent: string | null; confidence: number | null }
  | { kind: 'bot'; key: number; text: string }
  | { kind: 'attachment'; key: number; name: string; mime: string; attachmentId: number | null }
  | { kind: 'log'; key: number; text: string; level: number; levelName: LogLevelName }
  | { kind: 'buttons'; key: number; text: string; buttons: { title: string; payload: string }[] }
  | { kind: 'links'; key: number; links: { title: string; url: string }[] }
  | { kind: 'image'; key: number; url: string | null; alt: string }
  /** `looking`: another project's entity whose values are still being looked up. */
  | { kind: 'select'; key: number; entity: string; values: string[]; error: string | null; looking: boolean }
  | { kind: 'date'; key: number; variable: string; min: string | null; max: string | null };

export const levelName = (level: number): LogLevelName => {
  const names = Object.keys(LOG_LEVELS) as LogLevelName[];
  return [...names].reverse().find((n) => LOG_LEVELS[n] <= level) ?? 'fine';
};

export function chatItems(
  entries: readonly TrackerEntry[],
  minLogLevel: number | null,
  /** The chat's lookups of another project's select boxes; null where none are made (a conversation's log). */
  lookups: Readonly<Record<number, EntityLookup>> | null = null,
): ChatItem[] {
  const items: ChatItem[] = [];
  for (const e of entries) {
    const key = e.timestamp;
    const args = e.args ?? {};
    if (e.type === 'utter') {
      const attachment = record(args.attachment);
      if (args.who === 'user' && args.attachment) {
        items.push({
          kind: 'attachment',
          key,
          name: text(attachment.name) || text(e.value),
          mime: text(attachment.mime),
          attachmentId: typeof attachment.id === 'number' ? attachment.id : null,
        });
      } else if (args.who === 'user') {
        items.push({
          kind: 'user',
          key,
          text: text(e.value),
          intent: args.intent === undefined ? null : text(args.intent) || null,
          confidence: typeof args.confidence === 'number' ? args.confidence : null,
        });
      } else items.push({ kind: 'bot', key, text: text(e.value) });
    } else if (e.type === 'log') {
      const level = e.level ?? LOG_LEVELS.info;
      if (minLogLevel !== null && level >= minLogLevel)
        items.push({ kind: 'log', key, text: text(e.value), level, levelName: levelName(level) });
    } else if (e.type === 'action') {
      if (e.value === 'buttons') {
        const buttons = list(args.buttons)
          .map((b) => ({ title: text(record(b).title), payload: text(record(b).payload) || text(record(b).title) }))
          .filter((b) => b.title);
        items.push({ kind: 'buttons', key, text: text(args.text), buttons });
      } else if (e.value === 'links') {
        const links = list(args.links)
          .map((l) => ({ title: text(record(l).title), url: text(record(l).url) }))
          .filter((l) => isWebUrl(l.url));
        items.push({ kind: 'links', key, links });
      } else if (e.value === 'image') {
        const url = text(args.url);
        items.push({ kind: 'image', key, url: isWebUrl(url) || url.startsWith('/') ? url : null, alt: text(args.alt) });
      } else if (e.value === 'select_box') {
        // Another project's entity: the values (or why there are none) come from the window's lookup.
        const elsewhere = args.values === null && typeof args.project_id === 'number' && !args.error;
        const lookup = elsewhere ? lookups?.[key] : undefined;
        items.push({
          kind: 'select',
          key,
          entity: text(args.entity),
          values: lookup && 'values' in lookup ? lookup.values : list(args.values).map(text),
          error: lookup && 'error' in lookup ? lookup.error : args.error ? text(args.error) : null,
          looking: elsewhere && lookups !== null && !lookup,
        });
      } else if (e.value === 'date_picker') {
        items.push({
          kind: 'date',
          key,
          variable: text(args.variable),
          min: args.min ? text(args.min) : null,
          max: args.max ? text(args.max) : null,
        });
      }
    }
  }
  return items;
}

/** Whether the text input shows: the last show_input action decides (true, yes or 1 already read by the server). */
export const inputVisibleAfter = (entries: readonly TrackerEntry[], current: boolean): boolean => {
  const last = [...entries].reverse().find((e) => e.type === 'action' && e.value === 'show_input');
  return last ? last.args.visible === true : current;
};

/** Timer changes the entries ask for, in order: `timeout` starts one, `clear_timeout` cancels one or all. */
export type TimerChange =
  | { kind: 'start'; reaction: string; seconds: number }
  | { kind: 'clear'; reaction: string | null };
export function timerChanges(entries: readonly TrackerEntry[]): TimerChange[] {
  const changes: TimerChange[] = [];
  for (const e of entries) {
    if (e.type !== 'action') continue;
    if (e.value === 'timeout' && text(e.args.reaction))
      changes.push({ kind: 'start', reaction: text(e.args.reaction), seconds: Number(e.args.seconds) || 0 });
    if (e.value === 'clear_timeout')
      changes.push({ kind: 'clear', reaction: e.args.reaction ? text(e.args.reaction) : null });
    if (e.value === 'call_end' || e.value === 'call_transfer') changes.push({ kind: 'clear', reaction: null });
  }
  return changes;
}

export const redirectsToIntegration = (entries: readonly TrackerEntry[]): boolean =>
  entries.some((e) => e.type === 'action' && e.value === 'integration_redirect');
