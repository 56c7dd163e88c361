import type { LogsFilter } from './filter.ts';
import { navigateTo } from '../../console/navigation.ts';

// The logs' address: the conversation in view and a filter a link asked for live in the page's query string.

/** `conversation_id` sits beside project_id in the page's query string (hash routing keeps the path in the hash). */
export function writeConversationQuery(conversationId: number | null): void {
  const params = new URLSearchParams(location.search);
  if (conversationId === null) params.delete('conversation_id');
  else params.set('conversation_id', String(conversationId));
  const search = params.toString();
  if ((search ? `?${search}` : '') === location.search) return;
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}

/** The logs' conversation asked for by the page's query, if it is an id. */
export function requestedConversationId(): number | null {
  const raw = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('conversation_id');
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

/** Query parameters a link to the logs may carry to filter them (the dashboard's charts). */
const LOGS_FILTER_PARAMS = { date_from: 'dateFrom', date_to: 'dateTo', env: 'env', text: 'text' } as const;

/** Opens the conversation logs filtered: the period as days, the environment, and words to find. */
export function openLogsFiltered(filter: Partial<Pick<LogsFilter, 'dateFrom' | 'dateTo' | 'env' | 'text'>>): void {
  const params = new URLSearchParams(location.search);
  for (const [param, field] of Object.entries(LOGS_FILTER_PARAMS)) {
    const value = filter[field];
    if (value) params.set(param, value);
    else params.delete(param);
  }
  params.delete('conversation_id');
  navigateTo(`/app/logs?${params}`);
}

/** The filter a link asked for, taken once: the parameters leave the address so a later visit starts unfiltered. */
export function takeRequestedLogsFilter(): Partial<LogsFilter> {
  const params = new URLSearchParams(location.search);
  const filter: Partial<LogsFilter> = {};
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const dateFrom = day(params.get('date_from'));
  const dateTo = day(params.get('date_to'));
  const env = params.get('env');
  const text = params.get('text');
  if (dateFrom) filter.dateFrom = dateFrom;
  if (dateTo) filter.dateTo = dateTo;
  if (env === 'draft' || env === 'dev' || env === 'prod') filter.env = env;
  if (text) filter.text = text.slice(0, 200);
  if (Object.keys(LOGS_FILTER_PARAMS).some((p) => params.has(p))) {
    for (const p of Object.keys(LOGS_FILTER_PARAMS)) params.delete(p);
    const search = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  }
  return filter;
}
