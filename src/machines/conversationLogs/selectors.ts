import type { SnapshotFrom } from 'xstate';
import { LOG_LEVELS } from '../../api/contract/chat.ts';
import type { ConversationEnv } from '../../api/contract/conversations.ts';
import { ENV_LABELS } from '../../api/contract/deployments.ts';
import type { Label } from '../../api/contract/labels.ts';
import { type ChatItem, chatItems } from '../chat/transcript.ts';
import type { conversationLogsMachine } from './machine.ts';

type Snapshot = SnapshotFrom<typeof conversationLogsMachine>;

/** 'draft' is the console's own chat with the working configuration. */
export const CONVERSATION_ENV_LABELS: Record<ConversationEnv, string> = { draft: 'Draft', ...ENV_LABELS };

export const pageCount = (s: Snapshot): number => Math.max(1, Math.ceil(s.context.total / s.context.pageSize));

/** The labels shown on the open conversation: the ones being saved, else the stored ones. */
export const shownLabels = (s: Snapshot): string[] => s.context.pendingLabels ?? s.context.detail?.labels ?? [];

/** The transcript as the chat window draws it, with warnings and errors of the log (the chat's default level). */
export const transcriptItems = (s: Snapshot): ChatItem[] =>
  s.context.detail ? chatItems(s.context.detail.tracker, LOG_LEVELS.warn) : [];

/** A label's Mantine colour, gray for names the project no longer has. */
export const labelColor = (labels: readonly Label[], name: string): string =>
  labels.find((l) => l.name === name)?.color ?? 'gray';
