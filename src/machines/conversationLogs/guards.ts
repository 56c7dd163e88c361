import type { ConversationLogsContext } from './types.ts';

/** A conversation was asked for (row or ?conversation_id) and waits for the list to be shown first. */
export const conversationRequested = ({ context }: { context: ConversationLogsContext }): boolean =>
  context.openId !== null;
export const noteDraftBlank = ({ context }: { context: ConversationLogsContext }): boolean =>
  context.noteDraft.trim() === '';
export const editTextBlank = ({ context }: { context: ConversationLogsContext }): boolean =>
  context.editText.trim() === '';
/** The note being saved is an edit (its failure returns to the edit form). */
export const editingNote = ({ context }: { context: ConversationLogsContext }): boolean =>
  context.editingNoteId !== null;
