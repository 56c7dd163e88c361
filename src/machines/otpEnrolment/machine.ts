import type { DoneActorEvent, ErrorActorEvent, OutputFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { OTP_DISABLED, OTP_ENABLED, OTP_WRONG_CODE, type OtpEnrolment } from '../../api/contract/otp.ts';
import { otpEnrolmentActors } from './actors.ts';
import type { OtpEnrolmentEvent } from './events.ts';
import { isCodeComplete } from './guards.ts';

export interface OtpEnrolmentContext {
  /** Whether the user has one-time codes on (from the session's user, then kept up to date here). */
  enabled: boolean;
  /** The platform requires codes and the user has none: the dialog opens by itself and cannot be closed. */
  forced: boolean;
  enrolment: OtpEnrolment | null;
  code: string;
  error: string | null;
}

const reason = (error: unknown): string => (error instanceof Error && error.message ? error.message : OTP_WRONG_CODE);

/**
 * One-time codes from the user menu: enrol (QR code, confirm with a code), or turn off with a current code.
 * Forced (require_otp, no code yet): enrolment starts at once and the dialog cannot be closed until it succeeds.
 */
export const otpEnrolmentMachine = setup({
  types: {
    context: {} as OtpEnrolmentContext,
    events: {} as OtpEnrolmentEvent,
    input: {} as { enabled: boolean; forced?: boolean },
  },
  actors: otpEnrolmentActors,
  guards: {
    isCodeComplete,
    isEnabled: ({ context }) => context.enabled,
    mustEnrol: ({ context }) => context.forced && !context.enabled,
    isDismissable: ({ context }) => !context.forced,
  },
  actions: {
    notify: (_, _params: { title: string; color: 'green' | 'red' }) => {},
    /** The session should refetch the user so otp_enabled is right everywhere. */
    userChanged: () => {},
    resetCode: assign({ code: '', error: null }),
    rememberCode: assign({
      code: (_, event: Extract<OtpEnrolmentEvent, { type: 'otp.input' }>) => event.code.replace(/\D/g, '').slice(0, 6),
      error: null,
    }),
    storeEnrolment: assign({
      enrolment: (_, event: DoneActorEvent<OutputFrom<(typeof otpEnrolmentActors)['enrol']>>) => event.output,
    }),
    rememberError: assign({ error: (_, event: ErrorActorEvent) => reason(event.error) }),
    clearEnrolment: assign({ enrolment: null }),
    storeEnabled: assign({ enabled: true, enrolment: null, code: '' }),
    rememberErrorOnConfirm: assign({ error: (_, event: ErrorActorEvent) => reason(event.error), code: '' }),
    clearEnabledAndCode: assign({ enabled: false, code: '' }),
  },
}).createMachine({
  id: 'otpEnrolment',
  description: 'The one-time code dialog of the user menu.',
  context: ({ input }) => ({
    enabled: input.enabled,
    forced: input.forced ?? false,
    enrolment: null,
    code: '',
    error: null,
  }),
  initial: 'closed',
  on: {
    'otp.input': { actions: { type: 'rememberCode', params: ({ event }) => event } },
  },
  states: {
    closed: {
      description: 'No dialog (a forced enrolment starts at once).',
      always: { guard: 'mustEnrol', target: 'starting', actions: 'resetCode' },
      on: {
        'otp.open': [
          { guard: 'isEnabled', target: 'askingToDisable', actions: 'resetCode' },
          { target: 'starting', actions: 'resetCode' },
        ],
      },
    },
    starting: {
      description: 'A new secret is being created on the server.',
      tags: ['loading'],
      invoke: {
        id: 'enrol',
        src: 'enrol',
        onDone: { target: 'showingCode', actions: { type: 'storeEnrolment', params: ({ event }) => event } },
        onError: { target: 'startFailed', actions: { type: 'rememberError', params: ({ event }) => event } },
      },
    },
    startFailed: {
      description: 'The secret could not be created.',
      on: { 'otp.retry': 'starting', 'otp.close': { guard: 'isDismissable', target: 'closed' } },
    },
    showingCode: {
      description: 'The QR code is shown; the user types the code their app shows.',
      on: {
        'otp.confirm': { guard: 'isCodeComplete', target: 'confirming' },
        'otp.close': { guard: 'isDismissable', target: 'closed', actions: 'clearEnrolment' },
      },
    },
    confirming: {
      description: 'The code is being checked; a right one turns codes on.',
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ otp: context.code }),
        onDone: {
          target: 'closed',
          actions: ['storeEnabled', { type: 'notify', params: { title: OTP_ENABLED, color: 'green' } }, 'userChanged'],
        },
        onError: { target: 'showingCode', actions: { type: 'rememberErrorOnConfirm', params: ({ event }) => event } },
      },
    },
    askingToDisable: {
      description: 'Codes are on; a current code turns them off.',
      on: {
        'otp.confirm': { guard: 'isCodeComplete', target: 'disabling' },
        'otp.close': 'closed',
      },
    },
    disabling: {
      description: 'The code is being checked; a right one turns codes off.',
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ otp: context.code }),
        onDone: {
          target: 'closed',
          actions: [
            'clearEnabledAndCode',
            { type: 'notify', params: { title: OTP_DISABLED, color: 'green' } },
            'userChanged',
          ],
        },
        onError: {
          target: 'askingToDisable',
          actions: { type: 'rememberErrorOnConfirm', params: ({ event }) => event },
        },
      },
    },
  },
});
