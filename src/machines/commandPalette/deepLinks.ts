/** The screen and query parameter that open one thing of the project (spec 1 §2: conversation_id on the logs). */
export const DEEP_LINKS = {
  intent: { path: '/app/intents', param: 'intent_id' },
  reaction: { path: '/app/grapheditor', param: 'reaction_id' },
  test: { path: '/app/tests', param: 'test_id' },
  knowledge: { path: '/app/knowledge', param: 'knowledge_id' },
  conversation: { path: '/app/logs', param: 'conversation_id' },
} as const;

export type DeepLinkKind = keyof typeof DEEP_LINKS;

/**
 * The path and query that open one intent, reaction, test, knowledge entry or conversation, for wouter's hash navigate: the query
 * keeps project_id and drops the other screens' deep links.
 */
export function deepLink(kind: DeepLinkKind, id: number, currentSearch: string): string {
  const current = new URLSearchParams(currentSearch);
  const params = new URLSearchParams();
  const projectId = current.get('project_id');
  if (projectId !== null) params.set('project_id', projectId);
  params.set(DEEP_LINKS[kind].param, String(id));
  return `${DEEP_LINKS[kind].path}?${params.toString()}`;
}

/** The id a deep link asks for in this query, if it is one. */
export function linkedId(kind: DeepLinkKind, search: string): number | null {
  const raw = new URLSearchParams(search).get(DEEP_LINKS[kind].param);
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}
