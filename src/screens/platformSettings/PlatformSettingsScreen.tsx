import { useActorRef } from '@xstate/react';
import { can } from '../../api/permissions.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import { providedPlatformSettingsMachine } from '../../machines/platformSettings/provide.ts';
import { PlatformSettingsView } from './PlatformSettingsView.tsx';

/**
 * /app/platform-settings: sign-in policy, companies, languages, voices and users (reset password / one-time code).
 * Open to everyone (spec 1 §2 lists Platform access in everyone's user menu); each part as the user's grants allow,
 * and the server refuses what they do not.
 */
export default function PlatformSettingsScreen() {
  const actor = useActorRef(providedPlatformSettingsMachine);
  const user = SessionActor.useSelector((s) => s.context.user);
  const projectId = ProjectSelectionActor.useSelector((s) => s.context.projectId);
  return (
    <PlatformSettingsView
      actor={actor}
      permissions={{
        policy: can(user, 'PUT', '/platform', projectId),
        companies: can(user, 'PUT', '/companies/{id}', projectId),
        users: can(user, 'GET', '/users', projectId),
        resetPassword: can(user, 'POST', '/users/reset/{id}', projectId),
        resetOtp: can(user, 'POST', '/users/{id}/otp-reset', projectId),
      }}
    />
  );
}
