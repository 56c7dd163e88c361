/** The resources History compares (spec 2 §2), each read with `GET /v1/{resource}?mtime=T`. */
export const HISTORY_TABS = [
  { id: 'reactions', label: 'Reactions', path: '/reactions' },
  { id: 'intents', label: 'Intents', path: '/intents' },
  { id: 'actions', label: 'Actions', path: '/actions' },
  { id: 'entities', label: 'Entities', path: '/entities' },
  { id: 'settings', label: 'Settings', path: '/settings' },
  { id: 'knowledges', label: 'Knowledges', path: '/knowledges' },
] as const;

export type HistoryTab = (typeof HISTORY_TABS)[number]['id'];

/** The tab's resource path: what permissions and the audit's `resource` field name. */
export const tabPath = (tab: HistoryTab): string => HISTORY_TABS.find((t) => t.id === tab)?.path ?? `/${tab}`;
