import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { providedSettingsFormMachine } from '../../console/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { SettingsView } from './SettingsView.tsx';

function SettingsForm({ canEdit, canRenewToken }: { canEdit: boolean; canRenewToken: boolean }) {
  const actor = useActorRef(providedSettingsFormMachine);
  return <SettingsView actor={actor} canEdit={canEdit} canRenewToken={canRenewToken} />;
}

/** /app/settings: a fresh settings form per project, with its real side effects. */
export default function SettingsScreen() {
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <SettingsForm
      key={projectId ?? 'none'}
      canEdit={can(user, 'PUT', '/settings', projectId)}
      canRenewToken={can(user, 'PUT', '/project/api-token', projectId)}
    />
  );
}
