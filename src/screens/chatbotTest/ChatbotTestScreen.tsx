import { useActorRef } from '@xstate/react';
import { providedChatbotTestMachine } from '../../machines/chatbotTest/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { ChatbotTestView } from './ChatbotTestView.tsx';

function ChatbotTestPanel() {
  const actor = useActorRef(providedChatbotTestMachine);
  return <ChatbotTestView actor={actor} />;
}

/** /app/chatbot-test: fresh for each project (its token and base url). */
export default function ChatbotTestScreen() {
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return <ChatbotTestPanel key={projectId ?? 'none'} />;
}
