import type { CompiledQuery } from 'kysely';

/**
 * Statements the chat sends on every message (issue 15): marked here by their text, they are sent as named
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
