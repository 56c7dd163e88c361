import type { HistoryTab } from './tabs.ts';

export type HistoryCompareEvent =
  | { type: 'history.from'; text: string }
  | { type: 'history.to'; text: string }
  | { type: 'history.tab'; tab: HistoryTab }
  | { type: 'history.compare' }
  | { type: 'history.retry' }
  | { type: 'history.audit'; on: boolean };
