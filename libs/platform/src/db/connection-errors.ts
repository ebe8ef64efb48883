/**
 * Errors that mean "the database cannot be reached right now", not "this query is wrong": the
 * server went away (restart, failover, network), refused us, or is starting or stopping. A request
 * that meets one gets 503 and can be tried again; the process carries on.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/** True when `err` says the database is unreachable (not that the query was wrong). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    // Class 08: connection exceptions.
    if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * pg-pool's error for a request that waited `connectionTimeoutMillis` for one of the pool's
 * connections while every one was in use (a connection that cannot be made fails otherwise):
 * Postgres may be up, and the process too busy or its pool too small. Still a 503, but said so.
 */
export function isPoolExhausted(err: unknown): boolean {
  return err instanceof Error && err.message === 'timeout exceeded when trying to connect';
}
