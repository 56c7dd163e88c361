import type { LogsFilter } from './filter.ts';

export type ConversationLogsEvent =
  /** A filter control changed; the list reloads after a pause in typing, from page 1. */
  | { type: 'filter.change'; patch: Partial<LogsFilter> }
  | { type: 'list.page'; page: number }
  | { type: 'list.pageSize'; pageSize: number }
  /** Reload, also the retry after a failed load. */
  | { type: 'list.reload' }
  /** CSV of every conversation matching the filter. */
  | { type: 'list.export' }
  | { type: 'conversation.open'; id: number }
  | { type: 'conversation.close' }
  | { type: 'conversation.retry' }
  /** The text of the note being written. */
  | { type: 'note.draft'; text: string }
  | { type: 'note.add' }
  | { type: 'note.edit'; id: number }
  | { type: 'note.editText'; text: string }
  | { type: 'note.save' }
  | { type: 'note.cancel' }
  | { type: 'note.delete'; id: number }
  | { type: 'note.deleteConfirm' }
  | { type: 'note.deleteCancel' }
  /** The whole set of labels of the open conversation, by name. */
  | { type: 'labels.set'; labels: string[] };
