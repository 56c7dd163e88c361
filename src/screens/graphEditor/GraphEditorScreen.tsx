import { useActorRef } from '@xstate/react';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { can } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { providedFlowEditorMachine } from '../../machines/flowEditor/provide.ts';
import { useLinkedSelection } from '../../ui/useLinkedSelection.ts';
import { GraphEditorView } from './GraphEditorView.tsx';

const selectReaction = (id: number) => ({ type: 'reaction.select' as const, id });

/** /app/grapheditor: runs the flow editor machine with its real side effects and shows it. */
export default function GraphEditorScreen() {
  const actor = useActorRef(providedFlowEditorMachine);
  // ?reaction_id=N (the command palette) selects that reaction once the flow is loaded.
  useLinkedSelection('reaction', actor, selectReaction);
  useUnsavedDraft(actor, 'reactions', { type: 'flow.save' });
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return <GraphEditorView actor={actor} canEdit={can(user, 'PUT', '/reactions', projectId)} />;
}
