/** An error whose status and message are meant for the caller (4xx); anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Headers the answer carries, e.g. `retry-after` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'You are not signed in') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** Too many attempts: a 429 saying when to try again (`Retry-After`, in whole seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
