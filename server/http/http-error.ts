/** An error whose status and message are safe to show to the caller as they are (HTTP's own refusals). */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}
