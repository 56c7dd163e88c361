import type { DoneActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import type { PlatformSettings } from '../../api/contract/platform.ts';
import { SAVE_FAILED, SAVE_SUCCESS } from '../../api/contract/settings.ts';
import { type PlatformData, type PlatformTask, platformSettingsActors } from './actors.ts';
import type { PlatformEvent } from './events.ts';

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

export interface PlatformSettingsContext {
  /** What the server has. */
  data: PlatformData | null;
  /** The sign-in policy as edited, not saved yet. */
  draft: PlatformSettings | null;
  /** The change being made. */
  task: PlatformTask | null;
  /** A reset password, shown once until dismissed. */
  oneOffPassword: { email: string; password: string } | null;
}

const isPolicyChanged = ({ context }: { context: PlatformSettingsContext }): boolean =>
  context.draft !== null && JSON.stringify(context.draft) !== JSON.stringify(context.data?.policy ?? null);

/** The platform-settings screen: load everything, edit the sign-in policy, run one change at a time, reload after each. */
export const platformSettingsMachine = setup({
  types: {
    context: {} as PlatformSettingsContext,
    events: {} as PlatformEvent,
  },
  actors: platformSettingsActors,
  guards: { isPolicyChanged },
  actions: {
    notify: (_, _params: Notice) => {},
    /** A failed change's one toast with the server's reason; nothing when the client's table told (a lost session). */
    notifyFailure: (_, _params: { error: unknown; title: string; lead: string }) => {},
    storeDataAndDraft: assign({
      data: (_, event: DoneActorEvent<OutputFrom<(typeof platformSettingsActors)['load']>>) => event.output,
      draft: (_, event: DoneActorEvent<OutputFrom<(typeof platformSettingsActors)['load']>>) => event.output.policy,
      task: null,
    }),
    rememberTask: assign({ task: (_, event: Extract<PlatformEvent, { type: 'platform.run' }>) => event.task }),
    rememberDraft: assign({ draft: (_, event: Extract<PlatformEvent, { type: 'policy.edit' }>) => event.policy }),
    resetTask: assign({ task: ({ context }) => ({ kind: 'policy' as const, policy: context.draft! }) }),
    clearOneOffPassword: assign({ oneOffPassword: null }),
    storeOneOffPassword: assign({
      oneOffPassword: ({ context }, event: DoneActorEvent<OutputFrom<(typeof platformSettingsActors)['perform']>>) => {
        if (!event.output.password) return context.oneOffPassword;
        const id = context.task && 'id' in context.task ? context.task.id : null;
        const email = context.data?.users.find((u) => u.id === id)?.email ?? '';
        return { email, password: event.output.password };
      },
    }),
  },
}).createMachine({
  id: 'platformSettings',
  description: 'Sign-in policy, companies and users of the platform.',
  context: { data: null, draft: null, task: null, oneOffPassword: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Policy, companies, languages, voices and users are being fetched.',
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          // After a save the form shows what the server kept.
          actions: { type: 'storeDataAndDraft', params: ({ event }) => event },
        },
        onError: 'failed',
      },
    },
    failed: { description: 'The platform settings could not be loaded.', on: { 'platform.reload': 'loading' } },
    ready: {
      description: 'Everything is shown; one change at a time may start.',
      on: {
        'platform.run': { target: 'working', actions: { type: 'rememberTask', params: ({ event }) => event } },
        'policy.edit': { actions: { type: 'rememberDraft', params: ({ event }) => event } },
        'policy.save': {
          guard: 'isPolicyChanged',
          target: 'working',
          actions: 'resetTask',
        },
        'platform.dismissPassword': { actions: 'clearOneOffPassword' },
      },
    },
    working: {
      description: 'One change is being saved; then everything is loaded again.',
      tags: ['busy'],
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => context.task!,
        onDone: {
          target: 'loading',
          actions: [
            { type: 'storeOneOffPassword', params: ({ event }) => event },
            { type: 'notify', params: { title: SAVE_SUCCESS, color: 'green' } },
          ],
        },
        onError: {
          target: 'loading',
          actions: {
            type: 'notifyFailure',
            params: ({ event }) => ({ error: event.error, title: SAVE_FAILED.title, lead: SAVE_FAILED.message }),
          },
        },
      },
    },
  },
});
