import { HttpError } from '../http/errors';

/**
 * The answers a refused command may give: bad input, not signed in, not allowed, unknown, in
 * conflict, too many (a member's limit: with `retryAfterSeconds`).
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 429;

/**
 * A command the rules refuse. Decisions throw it (and only it) to say no; being an `HttpError`,
 * the HTTP error handler answers it with its status (400 unless told) and `{ message, field }`,
 * and nothing was written: the command handler throws before appending. `retryAfterSeconds`
 * adds `Retry-After` (whole seconds, at least 1): when the member may try again.
 */
export class RuleBroken extends HttpError {
  constructor(
    message: string,
    options: { field?: string; status?: RefusalStatus; retryAfterSeconds?: number } = {},
  ) {
    const retryAfter = options.retryAfterSeconds;
    super(
      options.status ?? 400,
      message,
      options.field,
      retryAfter === undefined ? undefined : { 'retry-after': String(Math.max(1, Math.ceil(retryAfter))) },
    );
  }
}
