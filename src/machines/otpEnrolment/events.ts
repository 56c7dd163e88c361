export type OtpEnrolmentEvent =
  | { type: 'otp.open' }
  | { type: 'otp.close' }
  | { type: 'otp.retry' }
  | { type: 'otp.input'; code: string }
  | { type: 'otp.confirm' };
