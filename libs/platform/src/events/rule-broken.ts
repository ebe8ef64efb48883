import { HttpError } from '../http/errors';

/** The answers a refused command may give: bad input, not signed in, not allowed, unknown, in conflict. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409;

/**
 * A command the rules refuse. Decisions throw it (and only it) to say no; being an `HttpError`,
 * the HTTP error handler answers it with its status (400 unless told) and `{ message, field }`,
 * and nothing was written: the command handler throws before appending.
 */
export class RuleBroken extends HttpError {
  constructor(message: string, options: { field?: string; status?: RefusalStatus } = {}) {
    super(options.status ?? 400, message, options.field);
  }
}
