import { fromPromise } from 'xstate';
import type { ChangedItem, DeletedItem } from '../../api/contract/audit.ts';
import type { HistoryTab } from './tabs.ts';

/** What one comparison step still needs: the tab's resource at both times, and/or the deleted items. */
export interface ComparisonRequest {
  tab: HistoryTab;
  /** Microseconds (see pointInTime.ts toMtime). */
  fromMtime: number;
  toMtime: number;
  loadTab: boolean;
  loadDeleted: boolean;
}

/** The resource as the server answered it at each time, and who changed which of its items in between. */
export interface TabSnapshots {
  before: unknown;
  after: unknown;
  /** The resource's revisions after From and up to To, newest first (`GET /audit/changes`). */
  changes: ChangedItem[];
}

export interface ComparisonResult {
  snapshots?: TabSnapshots;
  /** Everything deleted after `fromMtime`, any resource, as `GET /audit/deleted` answers it. */
  deleted?: DeletedItem[];
}

const notProvided = (name: string) => () => Promise.reject(new Error(`historyCompare actor ${name} not provided`));

/** Typed placeholders; provided.ts gives the real API calls, tests give fakes. */
export const historyCompareActors = {
  loadComparison: fromPromise<ComparisonResult, ComparisonRequest>(notProvided('loadComparison')),
};
