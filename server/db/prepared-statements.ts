import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** The database as database.ts names it (`Db`), spelt out here: database.ts imports this module. */
type Db = Kysely<Database>;

/**
 * Statements sent on every chat message (issue 15) or every authenticated request (the caller's load,
 * server/auth/current-user.ts): marked here by their text, they are sent as named
 * prepared statements by both drivers (pg's `{ name }` queries; PGlite through its protocol, pglite-dialect.ts),
 * so the database parses and plans each once per connection instead of once per batch. A text is only marked
 * when it never changes, whatever the parameters (the batch statements read their rows from one jsonb parameter).
 */
const names = new Map<string, string>();

/** Marks a compiled statement as prepared; answers it unchanged. */
export function prepared<T>(query: CompiledQuery<T>): CompiledQuery<T> {
  if (!names.has(query.sql)) names.set(query.sql, `chat_${names.size + 1}`);
  return query;
}

/** The statement's name when its text was marked, else undefined (an ordinary, unnamed statement). */
export const preparedName = (text: string): string | undefined => names.get(text);

/**
 * A statement whose text never changes, run with new values: `build` is given one placeholder per key, the result
 * is compiled once per process (no query building per message) and marked as prepared; each run puts the values in
 * the placeholders' places among the compiled parameters.
 */
export function preparedStatement<R, K extends string>(
  keys: readonly K[],
  build: (placeholders: Record<K, unknown>) => RawBuilder<R>,
): (db: Db, values: Record<K, unknown>) => Promise<R[]> {
  const placeholders = Object.fromEntries(keys.map((k) => [k, Symbol(k)])) as Record<K, symbol>;
  let compiled: CompiledQuery<R> | null = null;
  return async (db, values) => {
    compiled ??= prepared(build(placeholders).compile(db));
    const byPlaceholder = new Map<unknown, unknown>(keys.map((k) => [placeholders[k], values[k]]));
    const parameters = compiled.parameters.map((p) => (byPlaceholder.has(p) ? byPlaceholder.get(p) : p));
    return (await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
