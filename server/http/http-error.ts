/** An error whose status and message are safe to show to the caller as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = () => new HttpError(409, 'Conflict! Data not saved.');
export const insufficientPermissions = () => new HttpError(402, 'Insufficient permissions.');
export const notLoggedIn = () => new HttpError(401, 'Not logged in.');
