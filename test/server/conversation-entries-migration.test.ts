// Issue 35 item 4: conversations stored before migration 0014 read the same after it. The fixture
// (test/fixtures/conversations-0013/) holds conversations as main's code (babb097, before 0014) stored them, the
// conversations table's rows with their whole `tracker` column, and what main's readers answered for each: the
// conversation logs' detail and list (knowledge counts), the websocket's entries after a time, the chat's load and
// its batched turn read. The test puts those rows into a database at 0013, migrates it to 0014 and reads every
// conversation with today's readers; then it goes on talking in one of them and migrates back down.
import fs from 'node:fs';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackerEntry } from '../../src/api/contract/chat.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { writeConversations } from '../../server/features/chat/conversation-writes.ts';
import {
  conversationDetail,
  entriesAfter,
  listConversations,
  loadConversation,
} from '../../server/features/chat/conversations.ts';
import { readTranscript } from '../../server/features/chat/transcript.ts';
import { TurnReads } from '../../server/features/chat/turn-read.ts';
import { type TestDatabase, openTestDatabase } from './helpers/test-database.ts';

interface Fixture {
  tokens: Record<string, string>;
  rows: ({ id: number; project_env: 'draft' | 'prod'; tracker: TrackerEntry[] } & Record<string, unknown>)[];
  readers: Record<
    string,
    {
      mid: number;
      detail: unknown;
      entriesAfter: { 0: unknown; mid: unknown };
      load: unknown;
      turnRead: { 0: unknown; mid: unknown } | null;
    }
  >;
  list: unknown;
}

const fixture: Fixture = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/conversations-0013/conversations.json'), 'utf8'),
);
/** As the fixture holds it: through JSON (dates as strings, undefined fields gone). */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

let database: TestDatabase;
beforeEach(async () => {
  // A copy of its own: the test migrates it down and up.
  database = await openTestDatabase({ fresh: true });
});
afterEach(async () => {
  await database.close();
});

const migrateTo = async (name: string) => {
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
};

describe('migration 0014: transcripts stored whole before it (issue 35)', () => {
  it('reads every conversation main stored as main read it, appends after it, and goes back down', async () => {
    const db = database.db;
    await migrateTo('0013-transcript-compression');
    await sql`INSERT INTO conversations SELECT * FROM jsonb_populate_recordset(NULL::conversations, ${JSON.stringify(
      fixture.rows,
    )}::jsonb)`.execute(db);
    await sql`SELECT setval('conversations_id_seq', (SELECT max(id) FROM conversations))`.execute(db);
    // As bench/stats-history.ts wrote them before 0014: a fractional timestamp (the migration must not stop on it).
    const fractional = [{ type: 'utter', value: 'hello', args: { who: 'user' }, timestamp: 1794849000109202.5 }];
    const { id: generated } = (
      await sql<{ id: number }>`INSERT INTO conversations (project_id, project_env, token_hash, tracker)
        VALUES (1, 'prod', 'generated', ${JSON.stringify(fractional)}::jsonb) RETURNING id`.execute(db)
    ).rows[0]!;

    await migrateToLatest(db);

    expect(fixture.rows.length).toBeGreaterThan(5);
    const reads = new TurnReads(db);
    for (const row of fixture.rows) {
      const id = Number(row.id);
      const was = fixture.readers[id]!;
      const token = fixture.tokens[id];
      expect(plain(await conversationDetail(db, 1, id)), `detail of ${id}`).toEqual(was.detail);
      expect(plain(await entriesAfter(db, id, 0)), `entries of ${id}`).toEqual(was.entriesAfter[0]);
      expect(plain(await entriesAfter(db, id, was.mid)), `entries of ${id} after ${was.mid}`).toEqual(
        was.entriesAfter.mid,
      );
      if (!token) continue;
      const where = { id, projectId: 1, env: row.project_env, token };
      expect(plain(await loadConversation(db, where)), `load of ${id}`).toEqual(was.load);
      const caller = { projectId: 1, env: row.project_env };
      for (const lastTs of [0, was.mid] as const) {
        const { conversation } = await reads.read(caller, { id, token, lastTs });
        expect(plain(conversation), `turn read of ${id} after ${lastTs}`).toEqual(
          was.turnRead?.[lastTs === 0 ? 0 : 'mid'],
        );
      }
    }
    const { items } = plain(await listConversations(db, 1, { page: 1, page_size: 50 } as never));
    expect(items.filter((c: { id: number }) => c.id !== Number(generated))).toEqual(
      (fixture.list as { items: unknown[] }).items,
    );
    expect((await conversationDetail(db, 1, Number(generated))).tracker).toEqual(fractional);

    // The conversation goes on: its new entries come after the ones stored whole.
    const longest = [...fixture.rows].sort((a, b) => b.tracker.length - a.tracker.length)[0]!;
    const before = await readTranscript(db, longest.id);
    expect(before).toEqual(longest.tracker);
    const at = before.at(-1)!.timestamp + 1;
    const entry: TrackerEntry = { type: 'utter', value: 'one more', args: { who: 'user' }, timestamp: at };
    const version = Number(longest.version);
    const state = { variables: {}, scopeId: null, projects: [1], timers: {}, ended: false };
    expect(
      await writeConversations(db, [
        { id: longest.id, version, entries: [entry], state, busySeconds: 0, notify: false },
      ]),
    ).toEqual([version + 1]);
    expect(await readTranscript(db, longest.id)).toEqual([...longest.tracker, entry]);
    expect((await entriesAfter(db, longest.id, at - 1)).entries).toEqual([entry]);

    // Down again: the transcript is one column as before, old and new entries in order.
    await migrateTo('0013-transcript-compression');
    const { rows } = await sql<{ id: string; tracker: TrackerEntry[] }>`SELECT id, tracker FROM conversations`.execute(
      db,
    );
    const down = new Map(rows.map((r) => [Number(r.id), r.tracker]));
    expect(down.get(Number(generated))).toEqual(fractional);
    for (const row of fixture.rows) {
      expect(down.get(row.id)).toEqual(row.id === longest.id ? [...row.tracker, entry] : row.tracker);
    }
    await migrateToLatest(db);
  });
});
