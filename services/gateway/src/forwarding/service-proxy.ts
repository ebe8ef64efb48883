import type { Readable } from 'node:stream';
import { BODY_LIMIT_BYTES, USER_ID_HEADER, unauthorized } from '@waco/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cacheControlFor } from '../browser-security/private-answers';
import { EXEMPT_HEADER } from '../limits/rate-limits';
import { answerIdentityUnavailable } from '../sessions/identity-unavailable';
import type { OpenStreams } from '../sessions/open-streams';
import type { RequestSession, SessionResolver } from '../sessions/session-resolver';
import { giveBackSignedInHint, needsHint, signedInHint } from '../sessions/signed-in-hint';
import { Instances, type Upstreams } from '../upstreams/instances';
import {
  isUnsafePath,
  ROUTES,
  type RouteRule,
  routeMatcher,
  STRICTLY_LIMITED,
  type UpstreamName,
} from '../upstreams/routing-table';
import { failureMessage, failureStatus, retryable } from '../upstreams/upstream-failures';
import { type BodyLimit, bodyTooLarge, forwardBodiesWithin, wasCutOff } from './request-bodies';
import {
  type AnswerPolicy,
  answerHeaders,
  forward,
  type UpstreamCall,
  UpstreamPools,
} from './upstream-forward';

export interface ProxyOptions {
  upstreams: Upstreams;
  sessions: SessionResolver;
  /** The live streams held open, ended with their session. */
  streams: OpenStreams;
  /** Requests per minute per IP on the routes that try a password or send a mail. */
  authRateLimit: number;
  /** Cookies the gateway sets itself are Secure in production. */
  production?: boolean;
}

/** Where a request is going and as whom, decided before it is forwarded. */
interface Forwarding {
  rule: RouteRule;
  userId: string | null;
  /** Identity's id of the session (SessionRevoked names it), when the cookie names one. */
  sessionId: string | null;
  token: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    forwarding: Forwarding | null;
    /** The session, when it was looked up before the body (a members-only endpoint). */
    resolvedSession: RequestSession | null;
  }
}

// An upstream that accepts the connection but never answers must not hold the request forever
// (the connect timeout, 5 s, is in upstream-forward.ts).
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * Forwards `/api/*` and `/objects/*` to the service the routing table names, as the resolved
 * user: any `x-user-id` from outside is dropped and only the session's user is sent on.
 */
export async function proxyRoutes(app: FastifyInstance, options: ProxyOptions) {
  const match = routeMatcher(ROUTES);
  const instances = Object.fromEntries(
    Object.entries(options.upstreams).map(([name, list]) => [name, new Instances(list)]),
  ) as Record<UpstreamName, Instances>;
  const pools = new UpstreamPools(ANSWER_TIMEOUT_MS);
  // Close the upstream connections with the app, so that a stopped gateway leaves nothing open.
  app.addHook('onClose', () => pools.destroy());
  app.decorateRequest('forwarding', null);
  app.decorateRequest('resolvedSession', null);

  const hint = signedInHint(options.production ?? false);
  giveBackSignedInHint(app, hint);

  // Bodies stream through untouched (each service parses its own), but never beyond the limit
  // the service would refuse them at: that is answered here, 413.
  forwardBodiesWithin(app, (req) => bodyLimitOf(match(pathOf(req.url))));

  // The policies are built once; what differs per request travels on `req.forwarding`.
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
  // A signed-in user's stream is held so that it ends with the session.
  const streamAnswer: AnswerPolicy = {
    ...answer,
    hold: (reply, end) => {
      const { sessionId } = reply.request.forwarding as Forwarding;
      return sessionId ? options.streams.hold(sessionId, end) : undefined;
    },
  };
  // The answer that ends a session drops it from the cache, and ends its streams held here, as
  // it passes through (other instances hear identity's SessionRevoked).
  const endSessionAnswer: AnswerPolicy = {
    ...answer,
    headers: (reply, status, raw) => {
      const { token, sessionId } = reply.request.forwarding as Forwarding;
      if (token) options.sessions.forgetToken(token);
      if (sessionId) options.streams.endSession(sessionId);
      return answer.headers(reply, status, raw);
    },
  };

  /** Forwards the request as the session's user (null: a guest). */
  const send = (req: FastifyRequest, reply: FastifyReply, rule: RouteRule, session: RequestSession) => {
    const forwarding: Forwarding = {
      rule,
      userId: session.lookup?.userId ?? null,
      sessionId: session.lookup?.sessionId ?? null,
      token: session.token,
    };
    req.forwarding = forwarding;
    const target = targetOf(instances[rule.service].next());
    const call: ForwardedCall = {
      origin: target.origin,
      path: target.prefix + req.url,
      method: req.method,
      headers: upstreamHeaders(req, forwarding),
      body: req.body as Readable | undefined,
      // No timeouts for a stream that stays open as long as the browser wants.
      timeoutMs: rule.stream ? 0 : undefined,
      forwarding,
    };
    const endsSession = rule.endsSession?.includes(req.method);
    forward(pools, reply, call, endsSession ? endSessionAnswer : rule.stream ? streamAnswer : answer);
  };

  /**
   * The request's session, then `then(session)`: at once when it is cached (most requests), else
   * once identity answered; identity unreachable is a 503.
   */
  const withSession = (req: FastifyRequest, reply: FastifyReply, then: (session: RequestSession) => void) => {
    const session = options.sessions.ofRequest(req.headers.cookie);
    if (!(session instanceof Promise)) return then(session);
    session.then(then, (err: unknown) => answerIdentityUnavailable(req, reply, err));
  };

  // A guest sending a body to a members-only endpoint is refused here, before the body is read:
  // no `100 Continue` is given and not a byte reaches the service (which would refuse them as
  // well, but only once the body had been sent to it). Without a body, the service answers.
  app.addHook('onRequest', (req, reply, done) => {
    if (!carriesBody(req)) return done();
    const rule = match(pathOf(req.url));
    if (!rule?.membersOnly?.includes(req.method)) return done();
    withSession(req, reply, (session) => {
      // The services' own refusal, word for word.
      if (!session.lookup) return reply.status(401).send({ message: unauthorized().message });
      req.resolvedSession = session;
      done();
    });
  });

  // Not async: most requests find their session cached and are forwarded without waiting on a
  // promise. It returns nothing, so Fastify leaves the reply to the forward.
  const handle = (req: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(req.url);
    if (isUnsafePath(path)) return reply.status(400).send({ message: `Invalid path ${path}` });
    const rule = match(path);
    if (!rule) return reply.status(404).send({ message: `No route for ${req.method} ${path}` });
    if (req.resolvedSession) return send(req, reply, rule, req.resolvedSession);
    withSession(req, reply, (session) => send(req, reply, rule, session));
  };

  app.all('/api', handle);
  app.all('/api/*', handle);
  app.all('/objects/*', handle);
  // The same forwarding, with the stricter limit on attempts at a password and on requests that
  // send a mail or try a reset link (the table's `strictRateLimit`).
  const authLimit = { rateLimit: { max: options.authRateLimit, timeWindow: 60_000 } };
  for (const { method, path } of STRICTLY_LIMITED)
    app.route({ method, url: path, config: authLimit, handler: handle });
}

/** The upstream call of a proxied request, with where and as whom it goes. */
interface ForwardedCall extends UpstreamCall {
  forwarding: Forwarding;
}

/** An instance's base URL as undici takes it: the origin, and any path it is mounted under. */
const targets = new Map<string, { origin: string; prefix: string }>();
function targetOf(base: string) {
  let target = targets.get(base);
  if (!target) {
    const url = new URL(base);
    target = { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
    targets.set(base, target);
  }
  return target;
}

/** The request has a body coming (or waits for the go-ahead to send one). */
function carriesBody(req: FastifyRequest) {
  const { headers } = req;
  const length = headers['content-length'];
  return (
    (length !== undefined && length !== '0') ||
    headers['transfer-encoding'] !== undefined ||
    headers.expect !== undefined
  );
}

function pathOf(url: string) {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** The body limit of a route: the services' 1 MB unless the table says otherwise. */
function bodyLimitOf(rule: RouteRule | null): BodyLimit {
  const bytes = rule?.bodyLimit ?? BODY_LIMIT_BYTES;
  const mb = bytes / 1_048_576;
  return { bytes, words: Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes` };
}

/** Request headers never sent on as the browser sent them (the gateway sets its own, or none). */
const NOT_FORWARDED = new Set([
  // Who the user is comes from the session, never from the client.
  USER_ID_HEADER,
  // The launcher's own rate-limit exemption (limits/rate-limits.ts) stays in the gateway.
  EXEMPT_HEADER,
  // The gateway answered any `Expect: 100-continue` itself (see request-bodies.ts); undici
  // refuses to send the header on.
  'expect',
  // The service continues the gateway's trace: the outgoing-HTTP instrumentation (undici) adds
  // the `traceparent` of its client span. A browser's own is not passed on as well.
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
function upstreamHeaders(req: FastifyRequest, { rule, userId }: Forwarding): string[] {
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
  return out;
}

/** The header names a Connection header lists beyond keep-alive or close; null when none. */
function connectionOptions(connection: string | undefined): string[] | null {
  if (connection === undefined) return null;
  const lower = connection.toLowerCase();
  if (lower === 'keep-alive' || lower === 'close') return null;
  return lower.split(',').map((name) => name.trim());
}
