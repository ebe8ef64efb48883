import type { RequestSession } from '../sessions/session-resolver';
import type { RouteRule } from '../upstreams/routing-table';
import type { UpstreamCall } from './upstream-forward';

/** Where a request is going and as whom, decided before it is forwarded. */
export interface Forwarding {
  rule: RouteRule;
  userId: string | null;
  /** Identity's id of the session (SessionRevoked names it), when the cookie names one. */
  sessionId: string | null;
  token: string | undefined;
  /** A guest's public read: where its answer is kept (forwarding/guest-cache.ts). */
  guestCache: { key: string; ticket: number } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    forwarding: Forwarding | null;
    /** The session, when it was looked up before the body (a members-only endpoint). */
    resolvedSession: RequestSession | null;
    /** The routing table's rule for the path (null: none), once matched (undefined: not yet). */
    routeRule: RouteRule | null | undefined;
  }
}

/** The upstream call of a proxied request, with where and as whom it goes. */
export interface ForwardedCall extends UpstreamCall {
  forwarding: Forwarding;
}

/** The request's forwarding: the route's rule, as the session's user (null: a guest). */
export function forwardingOf(rule: RouteRule, session: RequestSession): Forwarding {
  return {
    rule,
    userId: session.lookup?.userId ?? null,
    sessionId: session.lookup?.sessionId ?? null,
    token: session.token,
    guestCache: null,
  };
}

export function pathOf(url: string) {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}
