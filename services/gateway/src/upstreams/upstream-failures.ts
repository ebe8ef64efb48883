import type { UpstreamName } from './routing-table';

type CodedError = Error & { code?: string; cause?: unknown };

/** The connection was never made: nothing was sent, any request may go again. */
const NOT_CONNECTED = new Set(['ECONNREFUSED']);
/**
 * The connection was closed under the request before an answer: a service shutting down closes
 * its idle keep-alive connections, and one may be picked for a request at that moment.
 */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether a failed request may be sent once more (on a new connection, so to a live instance):
 * when it never left, or when it is idempotent and has no body (a body stream, once read, cannot
 * be sent again). A POST whose connection dropped is not retried: the service may have acted.
 */
export function retryable(err: CodedError, call: { method: string; body: unknown }) {
  const code = codeOf(err);
  if (NOT_CONNECTED.has(code)) return true;
  return CLOSED_UNDER_US.has(code) && IDEMPOTENT.has(call.method) && call.body === undefined;
}

export type FailureStatus = 502 | 503 | 504;
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** No answer (or no more of it) within the answer timeout. */
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** 503 when the service cannot be reached, 504 when it did not answer in time, else 502. */
export function failureStatus(error: CodedError): FailureStatus {
  const code = codeOf(error);
  if (UNREACHABLE.has(code)) return 503;
  if (TIMED_OUT.has(code)) return 504;
  return 502;
}

export function failureMessage(service: UpstreamName, status: FailureStatus) {
  if (status === 503) return `The ${service} service is unavailable right now. Please try again in a moment.`;
  if (status === 504) return `The ${service} service did not answer in time. Please try again.`;
  return `The ${service} service failed to answer. Please try again.`;
}

/** The error's code, or its cause's (a connect failure comes wrapped). */
function codeOf(err: CodedError): string {
  return err.code ?? (err.cause as { code?: string } | undefined)?.code ?? '';
}
