import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { providedUsersAdminMachine } from '../../machines/usersAdmin/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { UsersAdminView } from './UsersAdminView.tsx';

/** /app/users: the users of the platform (spec 1 §7 users calls), each change behind its own permission. */
export default function UsersAdminScreen() {
  const actor = useActorRef(providedUsersAdminMachine);
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <UsersAdminView
      actor={actor}
      permissions={{
        canEdit: can(user, 'PUT', '/users/{id}', projectId),
        canDelete: can(user, 'DELETE', '/users/{id}', projectId),
        canReset: can(user, 'POST', '/users/reset/{id}', projectId),
      }}
    />
  );
}
