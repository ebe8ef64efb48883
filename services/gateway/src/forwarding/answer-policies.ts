import type { FastifyRequest } from 'fastify';
import { cacheControlFor } from '../browser-security/private-answers';
import { GUEST_STREAMS, type OpenStreams } from '../sessions/open-streams';
import type { SessionResolver } from '../sessions/session-resolver';
import { needsHint } from '../sessions/signed-in-hint';
import type { Instances } from '../upstreams/instances';
import type { RouteRule, UpstreamName } from '../upstreams/routing-table';
import { failureMessage, failureStatus, retryable } from '../upstreams/upstream-failures';
import type { ForwardedCall, Forwarding } from './forwarding';
import { GUEST_ANSWER_HEADERS, type GuestCache } from './guest-cache';
import { bodyLimitOf, bodyTooLarge, wasCutOff } from './request-bodies';
import { type AnswerPolicy, answerHeaders, headerValue } from './upstream-forward';

/**
 * How a forwarded request's answer is given: headers, the one retry, failures, and for a live
 * stream or the end of a session what else goes with it. The policies are built once; what
 * differs per request travels on `req.forwarding`.
 */
export function answerPolicies(options: {
  instances: Record<UpstreamName, Instances>;
  /** The signed-in hint cookie, given back on answers that need it. */
  hint: string;
  sessions: SessionResolver;
  streams: OpenStreams;
  guestCache: GuestCache;
}): (req: FastifyRequest, rule: RouteRule) => AnswerPolicy {
  const { instances, hint, sessions, streams, guestCache } = options;
  const answer: AnswerPolicy = {
    headers: (reply, status, raw) => {
      const headers = answerHeaders(reply, raw, (given) => cacheControlFor(reply.request.url, status, given));
      if (needsHint(reply.request)) headers.push('set-cookie', hint);
      return headers;
    },
    // Once, and only where the service cannot have acted on the request (see `retryable`); to
    // the service's next instance (the same one when alone: the new connection may reach
    // another replica behind it).
    retryOn: (err, call) => {
      if (!retryable(err, call)) return null;
      const { rule } = (call as ForwardedCall).forwarding;
      return new URL(instances[rule.service].after(call.origin)).origin;
    },
    fail: (reply, error) => {
      const { rule } = reply.request.forwarding as Forwarding;
      if (wasCutOff(reply.request)) {
        const tooLarge = bodyTooLarge(bodyLimitOf(rule));
        return reply.status(tooLarge.statusCode).send({ message: tooLarge.message });
      }
      const status = failureStatus(error);
      reply.log.warn({ err: error, upstream: rule.service, status }, 'upstream request failed');
      reply.status(status).send({ message: failureMessage(rule.service, status) });
    },
  };
  // A signed-in user's stream is held so that it ends with the session; a guest's (a post's live
  // thread) is held too, so that it ends when this gateway stops.
  const streamAnswer: AnswerPolicy = {
    ...answer,
    hold: (reply, end) => {
      const { sessionId } = reply.request.forwarding as Forwarding;
      return streams.hold(sessionId ?? GUEST_STREAMS, end);
    },
  };
  // The answer that ends a session drops it from the cache, and ends its streams held here, as
  // it passes through (other instances hear identity's SessionRevoked).
  const endSessionAnswer: AnswerPolicy = {
    ...answer,
    headers: (reply, status, raw) => {
      const { token, sessionId } = reply.request.forwarding as Forwarding;
      if (token) sessions.forgetToken(token);
      if (sessionId) streams.endSession(sessionId);
      return answer.headers(reply, status, raw);
    },
  };
  // A guest's public read: the same for every guest, so its answer may be seen by a browser's
  // or a shared cache again, once checked with the gateway (no-cache, its ETag, per cookie), and
  // the gateway keeps it for the next guests (guest-cache.ts).
  const guestAnswer: AnswerPolicy = {
    ...answer,
    headers: (reply, status, raw) =>
      status === 200
        ? answerHeaders(reply, raw, () => undefined).concat(GUEST_ANSWER_HEADERS)
        : answer.headers(reply, status, raw),
    keep: (reply, status, headers, body) => {
      const kept = (reply.request.forwarding as Forwarding).guestCache;
      const contentType = headerValue(headers, 'content-type');
      if (!kept || status !== 200 || !contentType || headerValue(headers, 'set-cookie') !== undefined) return;
      guestCache.keep(kept.key, kept.ticket, { contentType, body });
    },
  };
  return (req, rule) => {
    const endsSession = rule.endsSession?.includes(req.method);
    if (endsSession) return endSessionAnswer;
    if (rule.stream) return streamAnswer;
    return req.forwarding?.guestCache ? guestAnswer : answer;
  };
}
