import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Admission, admitWithin } from '../limits/admission';
import type { OpenStreams } from '../sessions/open-streams';
import type { RequestSession, SessionResolver } from '../sessions/session-resolver';
import { giveBackSignedInHint, signedInHint } from '../sessions/signed-in-hint';
import { withSession } from '../sessions/with-session';
import { Instances, targetOf, type Upstreams } from '../upstreams/instances';
import {
  isUnsafePath,
  ROUTES,
  type RouteRule,
  routeMatcher,
  STRICTLY_LIMITED,
  type UpstreamName,
} from '../upstreams/routing-table';
import { answerPolicies } from './answer-policies';
import { type ForwardedCall, forwardingOf, pathOf } from './forwarding';
import { refuseGuestBodies } from './guest-bodies';
import { GUEST_ANSWER_HEADERS, type GuestCache, matchesEtag } from './guest-cache';
import { bodyLimitOf, forwardBodiesWithin } from './request-bodies';
import { forward, UpstreamPools } from './upstream-forward';
import { upstreamHeaders } from './upstream-headers';

export interface ProxyOptions {
  upstreams: Upstreams;
  sessions: SessionResolver;
  /** The live streams held open, ended with their session. */
  streams: OpenStreams;
  /** Requests per minute per IP on the routes that try a password or send a mail. */
  authRateLimit: number;
  /** Cookies the gateway sets itself are Secure in production. */
  production?: boolean;
  /** How many requests go on to the services at once (limits/admission.ts). */
  admission: Admission;
  /** Guests' answers to public reads, given to the next guests (guest-cache.ts). */
  guestCache: GuestCache;
}

// An upstream that accepts the connection but never answers must not hold the request forever
// (the connect timeout, 5 s, is in upstream-forward.ts).
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * Forwards `/api/*` and `/objects/*` to the service the routing table names, as the resolved
 * user: any `x-user-id` from outside is dropped and only the session's user is sent on.
 */
export async function proxyRoutes(app: FastifyInstance, options: ProxyOptions) {
  const matchPath = routeMatcher(ROUTES);
  // Matched once per request: admission, the guests' body check and the handler all ask.
  const ruleOf = (req: FastifyRequest): RouteRule | null => {
    if (req.routeRule === undefined) req.routeRule = matchPath(pathOf(req.url));
    return req.routeRule;
  };
  const instances = Object.fromEntries(
    Object.entries(options.upstreams).map(([name, list]) => [name, new Instances(list)]),
  ) as Record<UpstreamName, Instances>;
  const pools = new UpstreamPools(ANSWER_TIMEOUT_MS);
  // Close the upstream connections with the app, so that a stopped gateway leaves nothing open.
  app.addHook('onClose', () => pools.destroy());
  app.decorateRequest('forwarding', null);
  app.decorateRequest('routeRule', undefined);
  app.decorateRequest('resolvedSession', null);

  // First, before any other work on a request the services cannot take now. Photos are not
  // counted: an image refused would stay broken on the page (nothing asks for it again), and
  // they are cached by browsers for good (media's immutable answers).
  admitWithin(
    app,
    options.admission,
    (req) => req.url.startsWith('/objects/') || ruleOf(req)?.stream === true,
  );

  const hint = signedInHint(options.production ?? false);
  giveBackSignedInHint(app, hint);

  // Bodies stream through untouched (each service parses its own), but never beyond the limit
  // the service would refuse them at: that is answered here, 413.
  forwardBodiesWithin(app, (req) => bodyLimitOf(ruleOf(req)));

  const { guestCache } = options;
  const policyFor = answerPolicies({
    instances,
    hint,
    sessions: options.sessions,
    streams: options.streams,
    guestCache,
  });

  /** Forwards the request as the session's user (null: a guest), or answers a guest from the cache. */
  const send = (req: FastifyRequest, reply: FastifyReply, rule: RouteRule, session: RequestSession) => {
    const forwarding = forwardingOf(rule, session);
    req.forwarding = forwarding;
    if (rule.guestCache && !session.lookup && req.method === 'GET' && guestCache.enabled) {
      const kept = guestCache.get(req.url);
      forwarding.guestCache = { key: req.url, ticket: guestCache.ticket() };
      if (kept) {
        for (let i = 0; i < GUEST_ANSWER_HEADERS.length; i += 2)
          reply.header(GUEST_ANSWER_HEADERS[i] as string, GUEST_ANSWER_HEADERS[i + 1]);
        reply.header('etag', kept.etag);
        if (matchesEtag(req.headers['if-none-match'], kept.etag)) return reply.status(304).send();
        return reply.type(kept.contentType).send(kept.body);
      }
    }
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
    forward(pools, reply, call, policyFor(req, rule));
  };

  refuseGuestBodies(app, ruleOf, options.sessions);

  // Not async: most requests find their session cached and are forwarded without waiting on a
  // promise. It returns nothing, so Fastify leaves the reply to the forward.
  const handle = (req: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(req.url);
    if (isUnsafePath(path)) return reply.status(400).send({ message: `Invalid path ${path}` });
    const rule = ruleOf(req);
    if (!rule) return reply.status(404).send({ message: `No route for ${req.method} ${path}` });
    if (req.resolvedSession) return send(req, reply, rule, req.resolvedSession);
    withSession(options.sessions, req, reply, (session) => send(req, reply, rule, session));
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
