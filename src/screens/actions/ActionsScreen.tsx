import { useActorRef } from '@xstate/react';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { can } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { providedActionEditorMachine } from '../../machines/actionEditor/provide.ts';
import { ActionsView } from './ActionsView.tsx';

/** /app/actions: runs the action editor machine with its real side effects and shows it. */
export default function ActionsScreen() {
  const actor = useActorRef(providedActionEditorMachine);
  useUnsavedDraft(actor, 'action', { type: 'form.save' });
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return <ActionsView actor={actor} canEdit={can(user, 'PUT', '/actions', projectId)} />;
}
