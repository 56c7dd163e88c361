import { useActorRef } from '@xstate/react';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { can } from '../../api/permissions.ts';
import { providedRoleEditingMachine, takeSelectedRoleId } from '../../machines/roleEditing/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { RolesView } from './RolesView.tsx';

/** /app/roles: runs the role-editing machine with its real side effects and shows it. */
export default function RolesScreen() {
  const actor = useActorRef(providedRoleEditingMachine, { input: { selectedRoleId: takeSelectedRoleId() } });
  useUnsavedDraft(actor, 'roles', { type: 'save' });
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return <RolesView actor={actor} canEdit={can(user, 'PUT', '/system/roles/permissions', projectId)} />;
}
