import { fromPromise } from 'xstate';
import { confirmOtp, disableOtp, enrolOtp } from '../../api/otp.ts';
import { otpEnrolmentMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** The one-time code dialog with its real side effects. */
export const providedOtpEnrolmentMachine = otpEnrolmentMachine.provide({
  actors: {
    enrol: fromPromise(() => enrolOtp()),
    confirm: fromPromise(async ({ input }) => {
      await confirmOtp(input.otp);
    }),
    disable: fromPromise(async ({ input }) => {
      await disableOtp(input.otp);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
  },
});
