import { useActorRef } from '@xstate/react';
import { providedPlatformSettingsMachine } from '../../machines/platformSettings/provide.ts';
import { PlatformSettingsView } from './PlatformSettingsView.tsx';

/** /app/platform-settings: sign-in policy, companies, languages, voices and users (reset password / one-time code). */
export default function PlatformSettingsScreen() {
  const actor = useActorRef(providedPlatformSettingsMachine);
  return <PlatformSettingsView actor={actor} />;
}
