import type { ConversationsFilter } from '../../api/contract/conversations.ts';
import type { ConversationEnv } from '../../api/contract/conversations.ts';

/** The filter form as shown: dates as YYYY-MM-DD, '' for "any". */
export interface LogsFilter {
  dateFrom: string;
  dateTo: string;
  env: ConversationEnv | '';
  label: string;
  text: string;
}

export const emptyFilter: LogsFilter = { dateFrom: '', dateTo: '', env: '', label: '', text: '' };

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

const day = (value: string): string | undefined => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** What the server gets: only well-formed parts (a half-typed date is not sent). */
export function filterQuery(form: LogsFilter): ConversationsFilter {
  return {
    dateFrom: day(form.dateFrom),
    dateTo: day(form.dateTo),
    env: form.env || undefined,
    label: form.label || undefined,
    text: form.text.trim() || undefined,
  };
}

export const isFiltered = (form: LogsFilter): boolean => Object.values(filterQuery(form)).some((v) => v !== undefined);
