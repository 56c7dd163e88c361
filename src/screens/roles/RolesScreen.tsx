import { useActorRef } from '@xstate/react';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { can } from '../../api/permissions.ts';
import { providedRoleEditingMachine, takeSelectedRoleId } from '../../machines/roleEditing/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { RolesView } from './RolesView.tsx';

/** /app/roles: runs the role-editing machine with its real side effects and shows it. */
export default function RolesScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  // Read-only parts without their grants (issue 34); the screen itself needs 'Manage roles'.
  const actor = useActorRef(providedRoleEditingMachine, {
    input: {
      selectedRoleId: takeSelectedRoleId(),
      mayEditPermissions: can(user, 'PUT', '/system/roles/permissions', projectId),
      mayAssign: can(user, 'PUT', '/users/projects', projectId),
    },
  });
  useUnsavedDraft(actor, 'roles', { type: 'save' });
  return <RolesView actor={actor} />;
}
