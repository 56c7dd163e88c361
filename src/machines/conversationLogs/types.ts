import type { ConversationDetail, ConversationSummary } from '../../api/contract/conversations.ts';
import type { Label } from '../../api/contract/labels.ts';
import type { LogsFilter } from './filter.ts';

export interface ConversationLogsContext {
  filter: LogsFilter;
  page: number;
  pageSize: number;
  items: ConversationSummary[];
  total: number;
  /** The project's labels (GET /labels); empty when they cannot be read. */
  labels: Label[];
  /** The conversation asked for or open. */
  openId: number | null;
  detail: ConversationDetail | null;
  /** Why the conversation could not be opened. */
  detailError: string | null;
  /** The new note being written. */
  noteDraft: string;
  editingNoteId: number | null;
  editText: string;
  deletingNoteId: number | null;
  /** Why the note (new or edited) cannot be saved as written. */
  noteError: string | null;
  /** Labels being saved, shown until the server answers. */
  pendingLabels: string[] | null;
}

export interface ConversationLogsInput {
  /** `conversation_id` of the page's query (spec 1 §2): opened once the list is shown. */
  conversationId?: number | null;
  /** A filter to start with (the dashboard's charts link here with their period and environment). */
  filter?: Partial<LogsFilter>;
}
