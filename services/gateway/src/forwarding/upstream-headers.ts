import { traceparentUnlessRecorded, USER_ID_HEADER } from '@waco/platform';
import type { FastifyRequest } from 'fastify';
import { EXEMPT_HEADER } from '../limits/rate-limits';
import type { Forwarding } from './forwarding';

/** Request headers never sent on as the browser sent them (the gateway sets its own, or none). */
const NOT_FORWARDED = new Set([
  // Who the user is comes from the session, never from the client.
  USER_ID_HEADER,
  // The launcher's own rate-limit exemption (limits/rate-limits.ts) stays in the gateway.
  EXEMPT_HEADER,
  // The gateway answered any `Expect: 100-continue` itself (see request-bodies.ts); undici
  // refuses to send the header on.
  'expect',
  // The service continues the gateway's trace (below). A browser's own is not passed on as well.
  'traceparent',
  'tracestate',
  // undici names the upstream's host; the browser's goes as x-forwarded-host.
  'host',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  // Hop by hop: about the browser's connection, not the upstream's.
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

/** The headers a service receives, as the flat list undici takes. */
export function upstreamHeaders(req: FastifyRequest, { rule, userId }: Forwarding): string[] {
  const headers = req.headers;
  const out: string[] = [];
  // Headers the browser's Connection header names are about its connection too (RFC 9110 7.6.1).
  const named = connectionOptions(headers.connection);
  // Only identity handles the session cookie; other services never see the token.
  const withCookie = rule.service === 'identity';
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || NOT_FORWARDED.has(name) || (name === 'cookie' && !withCookie)) continue;
    if (named?.includes(name)) continue;
    if (typeof value === 'string') out.push(name, value);
    else for (const v of value) out.push(name, v);
  }
  if (userId) out.push(USER_ID_HEADER, userId);
  out.push('x-request-id', req.id, 'x-forwarded-for', req.ip, 'x-forwarded-proto', req.protocol);
  // The origin the browser is on (never a client's own x-forwarded-*): media makes upload URLs on
  // it in embedded mode, where the gateway also serves the object store at /storage/*.
  if (headers.host) out.push('x-forwarded-host', headers.host);
  // A trace that is recorded gets a client span for the forward from the undici instrumentation,
  // which writes its `traceparent`; one that is not (most requests, with nowhere to send spans)
  // gets the server span's from here, and no client span (libs/platform/src/tracing.ts).
  const traceparent = traceparentUnlessRecorded();
  if (traceparent) out.push('traceparent', traceparent);
  return out;
}

/** The header names a Connection header lists beyond keep-alive or close; null when none. */
function connectionOptions(connection: string | undefined): string[] | null {
  if (connection === undefined) return null;
  const lower = connection.toLowerCase();
  if (lower === 'keep-alive' || lower === 'close') return null;
  return lower.split(',').map((name) => name.trim());
}
