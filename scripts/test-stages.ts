// What `npm test` runs where (scripts/test.ts), kept apart so the quick loop (scripts/test-quick.ts) reads the same.

/**
 * On PostgreSQL, the server files where the two backends differ: concurrency and locking (a pool of connections
 * instead of PGlite's one), notifications, durability, the job queue, the campaign engine's claims, SQL-heavy reports
 * and what crosses projects (and the chat's batch writes: named statements, one notification per batch); and the
 * several-instances files (two server processes behind HAProxy, the faults file on a PostgreSQL cluster of its own),
 * which skip on PGlite. The other server files run the same statements on either database and run on PGlite
 * (`TEST_DB=postgres npx vitest run --project server` runs them all on PostgreSQL).
 */
export const differOnPostgres = [
  'concurrency',
  'durability',
  'sessions',
  'chat-socket',
  'chat-runtime',
  'training',
  'deployments',
  'campaign-engine',
  'stats',
  'knowledges',
  'knowledge-runtime',
  'tenant-isolation',
  'revisions',
  'project-clone',
  'conversations',
  'conversation-writes',
  'test-runs',
  'audit-fields',
  'unclassified',
  'users-logs',
  'campaign-processes',
  'instances',
  'instances-faults',
];
