import { fromPromise } from 'xstate';
import type { OtpEnrolment } from '../../api/contract/otp.ts';

const notProvided = (name: string) => () => Promise.reject(new Error(`otpEnrolment actor ${name} not provided`));

/** Typed placeholders; provided.ts gives the real API calls, tests give fakes. */
export const otpEnrolmentActors = {
  enrol: fromPromise<OtpEnrolment>(notProvided('enrol')),
  confirm: fromPromise<void, { otp: string }>(notProvided('confirm')),
  disable: fromPromise<void, { otp: string }>(notProvided('disable')),
};
