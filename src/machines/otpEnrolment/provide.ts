import { fromPromise } from 'xstate';
import { confirmOtpEnrolment, turnOffOtp, startOtpEnrolment } from '../../api/otp.ts';
import { otpEnrolmentMachine } from './machine.ts';
import { showNotice } from '../../console/notices.ts';

/** The one-time code dialog with its real side effects. */
export const providedOtpEnrolmentMachine = otpEnrolmentMachine.provide({
  actors: {
    enrol: fromPromise(() => startOtpEnrolment()),
    confirm: fromPromise(async ({ input }) => {
      await confirmOtpEnrolment(input.otp);
    }),
    disable: fromPromise(async ({ input }) => {
      await turnOffOtp(input.otp);
    }),
  },
  actions: {
    notify: (_, params) => showNotice(params),
  },
});
