import { useActorRef } from '@xstate/react';
import { getApiScope } from '../../api/client.ts';
import { can } from '../../api/permissions.ts';
import { providedActionEditorMachine } from '../../machines/actionEditor/provided.ts';
import { ActionsView } from './ActionsView.tsx';

/** /app/actions: runs the action editor machine with its real side effects and shows it. */
export default function ActionsScreen() {
  const actor = useActorRef(providedActionEditorMachine);
  const { user, projectId } = getApiScope();
  return <ActionsView actor={actor} canEdit={can(user, 'PUT', '/actions', projectId)} />;
}
