import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { providedUsersAdminMachine } from '../../machines/usersAdmin/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { UsersAdminView } from './UsersAdminView.tsx';

/** /app/users: the users of the platform (spec 1 §7 users calls), each change behind its own permission. */
export default function UsersAdminScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  const projects = ProjectSelectionActor.useSelector((s) => s.context.projects);
  // The new user form offers the projects where the caller may give roles, the current one first chosen.
  const actor = useActorRef(providedUsersAdminMachine, {
    input: {
      projects: projects.filter((p) => can(user, 'PUT', '/users/projects', p.id)).map(({ id, name }) => ({ id, name })),
      defaultProjectId: projectId,
    },
  });
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
