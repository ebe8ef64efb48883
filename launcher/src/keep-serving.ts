import type { Logger } from '@waco/platform';

/**
 * In the embedded process every service, the gateway and the object store share one Node
 * process, so by default one stray error (a library's stream emitting 'error' with nobody
 * listening, a promise nobody awaits) would end all of them. Here such an error is logged, with
 * the error, and the process keeps serving.
 *
 * Why that is safe enough here: each request's work is bound to its own handler and its own
 * database transaction, so what an escaped error can leave behind is that one request unanswered
 * (its client times out) or a half-written object that the checks and the sweep never serve;
 * everything committed lives in Postgres, not in the process. The distributed services keep
 * Node's default (exit and be restarted), where one process is one service.
 */
export function keepServingOnUnexpectedErrors(logger: Logger) {
  process.on('uncaughtException', (err, origin) => {
    logger.error({ err, origin }, 'unexpected error outside any request (kept serving)');
  });
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection (kept serving)');
  });
}
