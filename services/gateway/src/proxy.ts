import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import { SESSION_LIFETIME_MS, SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import { BODY_LIMIT_BYTES, USER_ID_HEADER } from '@waco/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Instances } from './instances';
import type { OpenStreams } from './open-streams';
import { type BodyLimit, bodyTooLarge, forwardBodiesWithin, wasCutOff } from './request-bodies';
import { isUnsafePath, ROUTES, type RouteRule, routeMatcher, type UpstreamName } from './routes';
import { IdentityUnavailableError, SESSION_COOKIE, type SessionResolver } from './sessions';
import { roundRobinLookup } from './upstream-lookup';

/** Each service's base URL, or several instances' separated by commas (see instances.ts). */
export type Upstreams = Record<UpstreamName, string>;

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
  }
}

// An upstream that accepts the connection but never answers must not hold the request forever.
const CONNECT_TIMEOUT_MS = 5_000;
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
  /** Points a request that is about to be retried at the next instance of its service. */
  const moveToNextInstance = (req: UpstreamRequest) => {
    const service = (Object.values(instances) as Instances[]).find((i) =>
      i.urls.some((url) => new URL(url).origin === req.url.origin),
    );
    const next = service?.after(req.url.origin);
    if (!next || new URL(next).origin === req.url.origin) return;
    req.url = new URL(`${next}${req.url.pathname}`);
    req.headers.host = req.url.host;
  };

  await app.register(replyFrom, {
    disableRequestLogging: true,
    // Close the upstream connections with the app, so that a stopped gateway leaves nothing open.
    destroyAgent: true,
    // No cap on connections per service: every open live stream (/api/stream) holds one for as
    // long as the browser keeps it, so a cap would be a cap on signed-in browsers, and once
    // reached it would hold back every other request to notifications too. (null: reply-from's
    // default is 128.)
    undici: {
      connections: null,
      pipelining: 1,
      headersTimeout: ANSWER_TIMEOUT_MS,
      bodyTimeout: ANSWER_TIMEOUT_MS,
      // Each new connection to a scaled service goes to its next replica (see upstream-lookup.ts).
      connect: { timeout: CONNECT_TIMEOUT_MS, lookup: roundRobinLookup() },
    },
  });
  app.decorateRequest('forwarding', null);

  giveBackSignedInHint(app, options.production ?? false);

  // Bodies stream through untouched (each service parses its own), but never beyond the limit
  // the service would refuse them at: that is answered here, 413.
  forwardBodiesWithin(app, (req) => bodyLimitOf(match(pathOf(req.url))));

  // The hooks are built once; what differs per request travels on `req.forwarding`.
  const hooks: FastifyReplyFromHooks = {
    // Once, and only where the service cannot have acted on the request (see `retryable`).
    retryDelay: ({ err, req, attempt }) => {
      const upstream = req as unknown as UpstreamRequest;
      if (attempt > 0 || !err || !retryable(err, upstream)) return null;
      moveToNextInstance(upstream);
      return RETRY_DELAY_MS;
    },
    rewriteRequestHeaders: (req, headers) => upstreamHeaders(req as FastifyRequest, headers),
    rewriteHeaders: withoutHopByHop,
    onError: (reply, { error }) => {
      const { rule } = (reply.request as FastifyRequest).forwarding as Forwarding;
      if (wasCutOff(reply.request as FastifyRequest)) {
        const tooLarge = bodyTooLarge(bodyLimitOf(rule));
        return reply.status(tooLarge.statusCode).send({ message: tooLarge.message });
      }
      const status = failureStatus(error);
      reply.log.warn({ err: error, upstream: rule.service, status }, 'upstream request failed');
      reply.status(status).send({ message: failureMessage(rule.service, status) });
    },
  };
  // 0 turns undici's timeouts off, for a stream that stays open as long as the browser wants;
  // a signed-in user's stream is held so that it ends with the session.
  const streamHooks: FastifyReplyFromHooks = {
    ...hooks,
    timeout: 0,
    onResponse: (req, reply, res) => {
      const { sessionId } = (req as FastifyRequest).forwarding as Forwarding;
      reply.send(sessionId ? options.streams.track(sessionId, res.stream) : res.stream);
    },
  };
  // The answer that ends a session drops it from the cache, and ends its streams held here, as
  // it passes through (other instances hear identity's SessionRevoked).
  const endSessionHooks: FastifyReplyFromHooks = {
    ...hooks,
    onResponse: (req, reply, res) => {
      const { token, sessionId } = (req as FastifyRequest).forwarding as Forwarding;
      if (token) options.sessions.forgetToken(token);
      if (sessionId) options.streams.endSession(sessionId);
      reply.send(res.stream);
    },
  };

  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(req.url);
    if (isUnsafePath(path)) return reply.status(400).send({ message: `Invalid path ${path}` });
    const rule = match(path);
    if (!rule) return reply.status(404).send({ message: `No route for ${req.method} ${path}` });

    const token = sessionToken(req.headers.cookie);
    let session: { userId: string; sessionId: string } | null = null;
    if (token) {
      try {
        session = await options.sessions.resolve(token);
      } catch (err) {
        if (!(err instanceof IdentityUnavailableError)) throw err;
        req.log.warn({ err }, 'session lookup failed');
        return reply.status(503).send({ message: failureMessage('identity', 503) });
      }
    }
    req.forwarding = {
      rule,
      userId: session?.userId ?? null,
      sessionId: session?.sessionId ?? null,
      token,
    };
    return reply.from(
      `${instances[rule.service].next()}${path}`,
      rule.endsSession?.includes(req.method) ? endSessionHooks : rule.stream ? streamHooks : hooks,
    );
  };

  app.all('/api', forward);
  app.all('/api/*', forward);
  app.all('/objects/*', forward);
  // The same forwarding, with the stricter limit on attempts at a password.
  const authLimit = { rateLimit: { max: options.authRateLimit, timeWindow: 60_000 } };
  app.post('/api/login', { config: authLimit }, forward);
  app.post('/api/signup', { config: authLimit }, forward);
  // A guest's requests that send a mail or try a reset link (issue 17).
  app.post('/api/password-reset', { config: authLimit }, forward);
  app.post('/api/password-reset/confirm', { config: authLimit }, forward);
}

const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=`);

/**
 * A member signed in before the signed-in hint cookie existed holds a session without it, and
 * the web app takes them for a guest: the first request their session names gives it back
 * (as identity sets it at sign-in), except on the answer that ends the session.
 */
function giveBackSignedInHint(app: FastifyInstance, production: boolean) {
  const hint = [
    `${SIGNED_IN_HINT_COOKIE}=1`,
    'Path=/',
    `Max-Age=${Math.floor(SESSION_LIFETIME_MS / 1000)}`,
    'SameSite=Lax',
    ...(production ? ['Secure'] : []),
  ].join('; ');
  app.addHook('onSend', async (req, reply, payload) => {
    const forwarding = req.forwarding;
    if (
      forwarding?.userId &&
      !forwarding.rule.endsSession?.includes(req.method) &&
      !SIGNED_IN_HINT.test(req.headers.cookie ?? '')
    )
      reply.header('set-cookie', hint);
    return payload;
  });
}

/**
 * The session token from the Cookie header: only `sid` is read here, without parsing (and
 * decoding) every cookie of every request as a cookie plugin would.
 */
export function sessionToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
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

type Headers = Record<string, string | string[] | undefined>;

/** The headers a service receives (reply-from hands over its own copy of the browser's). */
function upstreamHeaders(req: FastifyRequest, headers: Headers) {
  const { rule, userId } = req.forwarding as Forwarding;
  // Who the user is comes from the session, never from the client.
  delete headers[USER_ID_HEADER];
  // The gateway answered any `Expect: 100-continue` itself (see request-bodies.ts); undici
  // refuses to send the header on, which used to turn every such request into a 502.
  delete headers.expect;
  if (userId) headers[USER_ID_HEADER] = userId;
  // Only identity handles the session cookie; other services never see the token.
  if (rule.service !== 'identity') delete headers.cookie;
  headers['x-request-id'] = req.id;
  headers['x-forwarded-for'] = req.ip;
  // The origin the browser is on (never a client's own x-forwarded-*): media makes upload URLs on
  // it in embedded mode, where the gateway also serves the object store at /storage/*.
  headers['x-forwarded-host'] = req.headers.host;
  headers['x-forwarded-proto'] = req.protocol;
  // The service continues the gateway's trace: the outgoing-HTTP instrumentation (undici) adds
  // the `traceparent` of its client span. A browser's own is not passed on as well.
  delete headers.traceparent;
  delete headers.tracestate;
  return headers;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function withoutHopByHop(headers: Headers) {
  for (const name of HOP_BY_HOP) delete headers[name];
  return headers;
}

/** What reply-from hands the retry hook: the request as it was sent upstream (and is sent again). */
interface UpstreamRequest {
  method: string;
  url: URL;
  headers: Headers;
  body?: unknown;
}

const RETRY_DELAY_MS = 20;
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
function retryable(err: Error & { code?: string; cause?: unknown }, req: UpstreamRequest) {
  const code = err.code ?? (err.cause as { code?: string } | undefined)?.code ?? '';
  if (NOT_CONNECTED.has(code)) return true;
  const hasBody =
    (req.body !== undefined && req.body !== '' && req.body !== null) ||
    Number(req.headers['content-length'] ?? 0) > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  return CLOSED_UNDER_US.has(code) && IDEMPOTENT.has(req.method) && !hasBody;
}

type FailureStatus = 502 | 503 | 504;
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** 503 when the service cannot be reached, 504 when it did not answer in time, else 502. */
function failureStatus(error: Error & { code?: string; cause?: unknown }): FailureStatus {
  const cause = (error.cause as { code?: string } | undefined)?.code ?? '';
  if (UNREACHABLE.has(error.code ?? '') || UNREACHABLE.has(cause)) return 503;
  if (error.code === 'FST_REPLY_FROM_SERVICE_UNAVAILABLE') return 503;
  if (error.code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT') return 504;
  return 502;
}

function failureMessage(service: UpstreamName, status: FailureStatus) {
  if (status === 503) return `The ${service} service is unavailable right now. Please try again in a moment.`;
  if (status === 504) return `The ${service} service did not answer in time. Please try again.`;
  return `The ${service} service failed to answer. Please try again.`;
}
