import { assign, fromPromise, setup } from 'xstate';
import type { Company } from '../../api/contract/companies.ts';
import type { PlatformSettings, Voice } from '../../api/contract/platform.ts';
import { SAVE_FAILED, SAVE_SUCCESS } from '../../api/contract/settings.ts';
import type { AdminUser } from '../../api/contract/users-admin.ts';

export interface PlatformData {
  policy: PlatformSettings;
  companies: Company[];
  languages: Array<{ code: string; name: string }>;
  voices: Voice[];
  users: AdminUser[];
}

/** One administrative change; each is its own call and users-log line. */
export type PlatformTask =
  | { kind: 'policy'; policy: PlatformSettings }
  | { kind: 'company.save'; id: number | null; name: string }
  | { kind: 'company.delete'; id: number }
  | { kind: 'user.resetPassword'; id: number }
  | { kind: 'user.resetOtp'; id: number };

export type PlatformEvent =
  | { type: 'platform.run'; task: PlatformTask }
  | { type: 'platform.reload' }
  | { type: 'platform.dismissPassword' };

type Notice = { title: string; message?: string; color: 'red' | 'green' | 'yellow' | 'blue' };

/** Platform settings screen: load everything, run one change at a time, reload after each. */
export const platformSettingsMachine = setup({
  types: {
    context: {} as { data: PlatformData | null; oneOffPassword: { email: string; password: string } | null },
    events: {} as PlatformEvent,
  },
  actors: {
    load: fromPromise<PlatformData, void>(async () => {
      throw new Error('load not provided');
    }),
    perform: fromPromise<{ password?: string }, PlatformTask>(async () => {
      throw new Error('perform not provided');
    }),
  },
  actions: { notify: (_, _params: Notice) => {} },
}).createMachine({
  id: 'platformSettings',
  context: { data: null, oneOffPassword: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'platform.reload': 'loading' } },
    ready: {
      on: {
        'platform.run': 'working',
        'platform.dismissPassword': { actions: assign({ oneOffPassword: null }) },
      },
    },
    working: {
      tags: ['busy'],
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ event }) => (event as Extract<PlatformEvent, { type: 'platform.run' }>).task,
        onDone: {
          target: 'loading',
          actions: [
            assign({
              oneOffPassword: ({ context, event }) => {
                const task = (event as unknown as { output: { password?: string } }).output;
                return task.password ? { email: '', password: task.password } : context.oneOffPassword;
              },
            }),
            { type: 'notify', params: { title: SAVE_SUCCESS, color: 'green' } },
          ],
        },
        onError: { target: 'loading', actions: { type: 'notify', params: { ...SAVE_FAILED, color: 'red' } } },
      },
    },
  },
});
