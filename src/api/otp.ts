import {
  confirmOtp as confirmOtpCall,
  disableOtp as disableOtpCall,
  enrolOtp as enrolOtpCall,
} from './contract/otp.ts';
import { callApi } from './client.ts';

export const enrolOtp = () => callApi(enrolOtpCall, { expectedStatuses: [400] });

/** 400 (wrong or used code) and 429 (too many) are shown by the enrolment modal itself. */
export const confirmOtp = (otp: string) => callApi(confirmOtpCall, { body: { otp }, expectedStatuses: [400, 429] });

export const disableOtp = (otp: string) => callApi(disableOtpCall, { body: { otp }, expectedStatuses: [400, 429] });
