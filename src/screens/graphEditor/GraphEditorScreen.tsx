import { useActorRef } from '@xstate/react';
import { getApiScope } from '../../api/client.ts';
import { can } from '../../api/permissions.ts';
import { providedFlowEditorMachine } from '../../machines/flowEditor/provided.ts';
import { GraphEditorView } from './GraphEditorView.tsx';

/** /app/grapheditor: runs the flow editor machine with its real side effects and shows it. */
export default function GraphEditorScreen() {
  const actor = useActorRef(providedFlowEditorMachine);
  const { user, projectId } = getApiScope();
  return <GraphEditorView actor={actor} canEdit={can(user, 'PUT', '/reactions', projectId)} />;
}
