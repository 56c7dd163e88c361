import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ProjectSelectionActor } from '../../machines/projectSelection/context.ts';
import type { startupMachine } from '../../machines/startup/machine.ts';

/** What the console knows of the project's channel: its settings' `is_chat`, or not (yet). */
export type ProjectChannel = 'chat' | 'voice' | 'loading' | 'unknown';

/** The selected project's channel, from its startup loads (and the settings screen's saves). */
export function useProjectChannel(): ProjectChannel {
  const startup = ProjectSelectionActor.useSelector((s) => s.children.startup) as
    | ActorRefFrom<typeof startupMachine>
    | undefined;
  return useSelector(startup, (s): ProjectChannel => {
    if (!s) return 'loading';
    if (s.context.chatOnly !== null) return s.context.chatOnly ? 'chat' : 'voice';
    return s.hasTag('loading') ? 'loading' : 'unknown';
  });
}

/**
 * Whether the voice-only screens (spec 1 §2: outbound, "hidden when the project is chat-only") are left out of the
 * menu, Ctrl+G, the palette and the dashboard: yes for a chat-only project and while its settings load (so Outbound
 * never flashes in and out); no for a voice project, or when the settings could not be read (the server still
 * decides what the user may do there).
 */
export const hidesVoiceOnly = (channel: ProjectChannel): boolean => channel === 'chat' || channel === 'loading';

export const useHideVoiceOnly = (): boolean => hidesVoiceOnly(useProjectChannel());
