import { LOG_LEVELS, type LogLevelName, type TrackerEntry } from '../../src/api/contract/chat.ts';

/**
 * Hands out tracker timestamps (microseconds) that strictly increase within a conversation, even when
 * several entries are made in the same microsecond or the clock steps back.
 */
export class TrackerClock {
  private last: number;
  constructor(lastTs: number) {
    this.last = lastTs;
  }
  next(): number {
    const now = Date.now() * 1000;
    this.last = Math.max(this.last + 1, now);
    return this.last;
  }
  get lastTs(): number {
    return this.last;
  }
}

/** Collects the entries of one turn. */
export class TrackerWriter {
  readonly entries: TrackerEntry[] = [];
  readonly clock: TrackerClock;
  constructor(clock: TrackerClock) {
    this.clock = clock;
  }
  add(type: TrackerEntry['type'], value: string | null, args: Record<string, unknown> = {}): TrackerEntry {
    const entry: TrackerEntry = { type, value, args, timestamp: this.clock.next() };
    this.entries.push(entry);
    return entry;
  }
  log(level: LogLevelName, message: string, args: Record<string, unknown> = {}): void {
    const entry = this.add('log', message.slice(0, 1000), args);
    entry.level = LOG_LEVELS[level];
  }
  utter(text: string, who: 'bot' | 'user', args: Record<string, unknown> = {}): TrackerEntry {
    return this.add('utter', text, { ...args, who });
  }
}

/** What the client sees: without get_meta, no intent entries and no intent/confidence on utterances. */
export function entriesForClient(entries: readonly TrackerEntry[], lastTs: number, getMeta: boolean): TrackerEntry[] {
  const out: TrackerEntry[] = [];
  for (const entry of entries) {
    if (entry.timestamp <= lastTs) continue;
    if (getMeta) {
      out.push(entry);
      continue;
    }
    if (entry.type === 'intent') continue;
    if (entry.type === 'utter' && ('intent' in entry.args || 'confidence' in entry.args)) {
      const { intent: _intent, confidence: _confidence, ...rest } = entry.args;
      out.push({ ...entry, args: rest });
      continue;
    }
    out.push(entry);
  }
  return out;
}
