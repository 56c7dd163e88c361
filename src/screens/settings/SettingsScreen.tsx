import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useUnsavedDraft } from '../../console/useUnsavedDraft.ts';
import { can } from '../../api/permissions.ts';
import { providedSettingsFormMachine } from '../../machines/settingsForm/provide.ts';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import { SessionActor } from '../../machines/session/context.ts';
import type { startupMachine } from '../../machines/startup/machine.ts';
import { SettingsView } from './SettingsView.tsx';

function SettingsForm({ canEdit, canRenewToken }: { canEdit: boolean; canRenewToken: boolean }) {
  const actor = useActorRef(providedSettingsFormMachine);
  useUnsavedDraft(actor, 'settings', { type: 'settings.save' });
  const startup = ProjectSelectionActor.useSelector((s) => s.children.startup) as
    | ActorRefFrom<typeof startupMachine>
    | undefined;
  // "Chat only" as loaded or saved tells the shell whether to offer Outbound (spec 1 §2), without a reload.
  useEffect(() => {
    if (!startup) return;
    let last: boolean | undefined;
    const subscription = actor.subscribe((s) => {
      const chatOnly = s.context.saved?.is_chat;
      if (chatOnly === undefined || chatOnly === last) return;
      last = chatOnly;
      if (startup.getSnapshot().context.chatOnly !== chatOnly) startup.send({ type: 'startup.channel', chatOnly });
    });
    return () => subscription.unsubscribe();
  }, [actor, startup]);
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
