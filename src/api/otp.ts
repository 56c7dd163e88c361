import { confirmOtp, disableOtp, enrolOtp } from './contract/otp.ts';
import { callApi } from './client.ts';

export const startOtpEnrolment = () => callApi(enrolOtp, { expectedStatuses: [400] });

/** 400 (wrong or used code) and 429 (too many) are shown by the enrolment modal itself. */
export const confirmOtpEnrolment = (otp: string) =>
  callApi(confirmOtp, { body: { otp }, expectedStatuses: [400, 429] });

export const turnOffOtp = (otp: string) => callApi(disableOtp, { body: { otp }, expectedStatuses: [400, 429] });
