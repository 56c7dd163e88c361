import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { providedConversationLogsMachine } from '../../machines/conversationLogs/provide.ts';
import { requestedConversationId, takeRequestedLogsFilter } from '../../machines/conversationLogs/address.ts';
import { ConsoleCommandsActor } from '../../machines/consoleCommands/context.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { useLinkedSelection } from '../../ui/useLinkedSelection.ts';
import { ConversationLogsView } from './ConversationLogsView.tsx';

const openConversation = (id: number) => ({ type: 'conversation.open' as const, id });

function ConversationLogs({
  canOpen,
  canWrite,
  canDelete,
  triage,
  canAddQuestions,
}: {
  canOpen: boolean;
  canWrite: boolean;
  canDelete: boolean;
  triage?: { canKeepTests: boolean };
  canAddQuestions: boolean;
}) {
  // ?conversation_id opens that conversation once the list is shown (spec 1 §2).
  const actor = useActorRef(providedConversationLogsMachine, {
    input: { conversationId: canOpen ? requestedConversationId() : null, filter: takeRequestedLogsFilter() },
  });
  // A conversation_id asked for while the screen is open (the command palette); the first one went in as input.
  useLinkedSelection('conversation', actor, openConversation, { handledAtMount: true, enabled: canOpen });
  const commands = ConsoleCommandsActor.useActorRef();
  return (
    <ConversationLogsView
      actor={actor}
      canOpen={canOpen}
      canWrite={canWrite}
      canDelete={canDelete}
      triage={triage}
      canAddQuestions={canAddQuestions}
      onTalkToBot={() => commands.send({ type: 'chat.open.request' })}
    />
  );
}

/** /app/logs: conversations people had with the bot, fresh for each project (its conversation_id is dropped). */
export default function LogsScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <ConversationLogs
      key={projectId ?? 'none'}
      canOpen={can(user, 'GET', '/conversations/{id}', projectId)}
      canWrite={can(user, 'PUT', '/conversations/notes', projectId)}
      canDelete={can(user, 'DELETE', '/conversations/notes', projectId)}
      triage={
        can(user, 'POST', '/intents/{id}/mark-classified', projectId)
          ? { canKeepTests: can(user, 'PUT', '/tests/{id}', projectId) }
          : undefined
      }
      canAddQuestions={can(user, 'PUT', '/qa-trainings/{id}', projectId)}
    />
  );
}
