import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@waco/contracts';
import { type EventBus, type HttpApp, initTracing, USER_ID_HEADER } from '@waco/platform';
import { bodyText, createTestBus, SseClient, testLogger } from '@waco/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway, EXEMPT_HEADER, type GatewayOptions, trustProxySchema } from '../src/gateway';
import { sessionToken } from '../src/sessions/session-cookie';
import { STRICTLY_LIMITED, UPSTREAM_NAMES, type UpstreamName } from '../src/upstreams/routing-table';
import {
  deadUrl,
  type Echo,
  type FakeIdentity,
  type FakeService,
  sessionIdOf,
  startEchoService,
  startFakeIdentity,
} from './fake-services';

// Spans are created for real, so that the traceparent the services receive can be checked.
initTracing({ serviceName: 'gateway-test' });

const APP_ORIGIN = 'http://localhost:3000';
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

let identity: FakeIdentity;
let services: Record<Exclude<UpstreamName, 'identity'>, FakeService>;
let releaseStream: () => void;
const streamReleased = new Promise<void>((resolve) => {
  releaseStream = resolve;
});
/** Streams the fake notifications service holds open right now. */
let heldStreams = 0;
let testBus: Awaited<ReturnType<typeof createTestBus>>;
let bus: EventBus;
let webDist: string;
const gateways: HttpApp[] = [];

/** Starts a gateway in front of the fake services; each test group may change options. */
async function startGateway(overrides: Partial<GatewayOptions> = {}) {
  const app = await buildGateway({
    upstreams: await upstreamsOf(),
    bus,
    logger: testLogger,
    appOrigins: [APP_ORIGIN],
    webDist,
    rateLimits: { general: 10_000, auth: 10_000 },
    // Long enough that only an explicit drop can end a cached session within a test.
    sessionCacheMs: 60_000,
    // The echo answers each request with what it received: none may be kept for the next guest
    // (what is kept, and for whom: guest-cache.test.ts).
    guestCacheMs: 0,
    ...overrides,
  });
  gateways.push(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

let base: string;
/** A member's session cookie: members-only endpoints refuse a guest's body (see "guests" below). */
let member: string;

beforeAll(async () => {
  identity = await startFakeIdentity();
  services = {
    posts: await startEchoService('posts', (app) => {
      // A service that (wrongly) marks a private answer cacheable.
      app.get('/api/users/me/saved', (_req, reply) =>
        reply.header('cache-control', 'public, max-age=300').send([{ id: 'p1', title: 'Saved post' }]),
      );
      app.get('/api/users/me/liked', (_req, reply) =>
        reply.status(401).send({ message: 'You are not signed in' }),
      );
    }),
    messaging: await startEchoService('messaging'),
    moderation: await startEchoService('moderation'),
    groups: await startEchoService('groups'),
    directory: await startEchoService('directory'),
    media: await startEchoService('media', (app) => {
      // An image, as media serves it: the same bytes for everyone, cached for a year.
      app.get('/objects/uploads/cached.webp', (_req, reply) =>
        reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send('img'),
      );
    }),
    notifications: await startEchoService('notifications', (app) => {
      // Server-sent events: one event now, the next only when the test says so.
      app.get<{ Querystring: { hold?: string } }>('/api/stream', (req, reply) => {
        if (req.query.hold !== undefined) {
          // Open until the browser (or the gateway) closes it, as the real stream is.
          reply.hijack();
          reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
          reply.raw.write(`data: "${req.headers[USER_ID_HEADER]}"\n\n`);
          heldStreams++;
          reply.raw.once('close', () => heldStreams--);
          return;
        }
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        reply.raw.write('data: first\n\n');
        void streamReleased.then(() => reply.raw.end('data: second\n\n'));
      });
    }),
  };
  testBus = await createTestBus('memory');
  bus = testBus.bus;
  webDist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app");\n');
  ({ url: base } = await startGateway());
  member = identity.signIn().cookie;
});

afterAll(async () => {
  releaseStream();
  for (const app of gateways) await app.close();
  await Promise.all([identity, ...Object.values(services ?? {})].map((s) => s?.close()));
  await testBus?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

async function echo(path: string, init: RequestInit = {}, at = base): Promise<Echo> {
  const res = await fetch(`${at}${path}`, init);
  expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(200);
  return (await res.json()) as Echo;
}

/** A request with the path exactly as written: fetch would resolve `..` before sending. */
function rawGet(at: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(at);
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      bodyText(res).then((body) => resolve({ status: res.statusCode ?? 0, body }), reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Whether the gateway gave the go-ahead (100 Continue) for the body. */
  continued: boolean;
}

/**
 * A request as curl sends a large body: with `Expect: 100-continue`, the body sent only after
 * the go-ahead (and not at all when a final answer comes first).
 */
function expectContinue(at: string, path: string, body: Buffer, headers: Record<string, string> = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const { hostname, port } = new URL(at);
    let continued = false;
    const req = httpRequest(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          expect: '100-continue',
          ...headers,
        },
      },
      (res) =>
        bodyText(res).then(
          (text) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, continued }),
          reject,
        ),
    );
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
    req.flushHeaders();
  });
}

function sessionRevoked(token: string, userId: string): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'SessionRevoked',
    schemaVersion: 1,
    streamId: `session-${sessionIdOf(token)}`,
    streamPosition: 2,
    occurredAt: new Date().toISOString(),
    actorId: userId,
    correlationId: null,
    causationId: null,
    traceparent: null,
    data: { sessionId: sessionIdOf(token), userId, reason: 'logout' },
  };
}

describe('the API reference', () => {
  it('serves the OpenAPI 3.1 document of the endpoint table at /api/openapi.json', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/posts', '/api/posts/{id}']));
  });

  it('serves its reference at /api/docs: Swagger UI from this origin, started by a script file of ours', async () => {
    const res = await fetch(`${base}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    // Every script a file of this origin (the CSP allows no inline one).
    const scripts = [...page.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(
      scripts.map(([, attributes]) => /src="(\/api\/docs\/[\w.-]+)"/.exec(attributes ?? '')?.[1]),
    ).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    expect(scripts.every(([, , body]) => body === '')).toBe(true);
    const start = await (await fetch(`${base}/api/docs/start.js`)).text();
    expect(start).toContain('"/api/openapi.json"');
    const bundle = await fetch(`${base}/api/docs/swagger-ui-bundle.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(bundle.headers.get('content-encoding')).toBe('br');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    expect((await fetch(`${base}/api/docs/swagger-ui.css`)).headers.get('content-type')).toMatch(/text\/css/);
    const missing = await fetch(`${base}/api/docs/secrets.json`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No such file of the API reference: secrets.json' });
  });
});

describe('routing table', () => {
  const uuid = '0190f5a2-7c1e-7b3a-9c4d-2e8f6a1b3c5d';
  const cases: [method: string, path: string, service: UpstreamName][] = [
    ['POST', '/api/signup', 'identity'],
    ['POST', '/api/login', 'identity'],
    ['GET', '/api/login', 'identity'],
    // GET /api/logout reaches identity too: see "drops the session on logout" below.
    ['GET', '/api/user', 'identity'],
    ['PUT', '/api/user/profile', 'identity'],
    ['GET', `/api/users/${uuid}`, 'identity'],
    ['POST', '/api/dev/login-test-user', 'identity'],
    ['GET', '/api/posts?limit=15&offset=30&category=event&search=jazz&neighborhood=downtown', 'posts'],
    ['POST', '/api/posts', 'posts'],
    ['GET', `/api/posts/${uuid}/status`, 'posts'],
    ['POST', `/api/posts/${uuid}/like`, 'posts'],
    ['POST', `/api/posts/${uuid}/save`, 'posts'],
    ['GET', '/api/users/me/posts', 'posts'],
    ['GET', `/api/users/${uuid}/posts`, 'posts'],
    ['GET', `/api/event-attendance?postId=${uuid}`, 'posts'],
    ['GET', `/api/event-attendance/${uuid}`, 'posts'],
    ['POST', '/api/event-attendance', 'posts'],
    ['GET', '/api/user/top-filters?limit=8', 'posts'],
    ['POST', '/api/user/filter-usage', 'posts'],
    ['POST', '/api/conversations', 'messaging'],
    ['GET', '/api/messages', 'messaging'],
    ['GET', `/api/messages?conversationId=${uuid}`, 'messaging'],
    ['POST', '/api/messages', 'messaging'],
    ['GET', '/api/notifications', 'notifications'],
    ['PUT', `/api/notifications/${uuid}/read`, 'notifications'],
    ['POST', '/api/objects/upload', 'media'],
    ['POST', '/api/media/s3/multipart', 'media'],
    ['GET', '/api/media/s3/multipart/upload-1/3?key=k', 'media'],
    ['GET', '/api/media/s3/params?filename=a.png&type=image/png', 'media'],
    ['GET', '/objects/uploads/2024/photo.webp', 'media'],
    // moderation's routes sit beside identity's (/api/users/:id) and posts' (/api/user/…)
    ['POST', '/api/reports', 'moderation'],
    ['POST', `/api/users/${uuid}/block`, 'moderation'],
    ['DELETE', `/api/users/${uuid}/block`, 'moderation'],
    ['GET', '/api/user/blocks', 'moderation'],
    ['GET', '/api/moderation/reports?status=open', 'moderation'],
    ['POST', `/api/moderation/reports/${uuid}/resolve`, 'moderation'],
    // groups' events sit beside posts' event attendance (/api/event-attendance)
    ['GET', '/api/groups?sort=members', 'groups'],
    ['POST', `/api/groups/${uuid}/requests/${uuid}`, 'groups'],
    ['GET', `/api/events/${uuid}/ics`, 'groups'],
    ['GET', '/api/calendar/abc.ics', 'groups'],
    ['GET', '/api/businesses?sort=rating', 'directory'],
    ['POST', `/api/businesses/${uuid}/reviews`, 'directory'],
    ['GET', '/api/business-claims', 'directory'],
  ];

  it.each(cases)('%s %s → %s', async (method, path, service) => {
    const body = method === 'GET' ? undefined : JSON.stringify({ probe: path });
    const received = await echo(path, {
      method,
      body,
      headers: body ? { 'content-type': 'application/json', cookie: member } : {},
    });
    expect(received.service).toBe(service);
    expect(received.method).toBe(method);
    // The path and query string arrive as sent; the body streams through untouched.
    expect(received.url).toBe(path);
    if (body) expect(received.body).toEqual({ probe: path });
  });

  it('answers HEAD with the headers GET would have, and no body', async () => {
    const get = await fetch(`${base}/api/posts`);
    const head = await fetch(`${base}/api/posts`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(await head.text()).toBe('');
  });

  it('covers every service', () => {
    expect(new Set(cases.map(([, , service]) => service))).toEqual(new Set(UPSTREAM_NAMES));
  });

  it.each(['/api', '/api/nope', '/api/users/me/other', '/api/user/other', `/api/users/${uuid}/x`])(
    'answers the unknown /api path %s with 404 JSON',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: `No route for GET ${path}` });
    },
  );

  it('never forwards /internal/* from outside', async () => {
    const { token } = identity.signIn();
    for (const path of [`/internal/sessions/${token}`, '/internal']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toHaveProperty('message');
    }
  });

  it.each([
    '/api/dev/../../internal/sessions/x',
    '/api/dev/%2e%2e/%2e%2e/internal/sessions/x',
    '/api/posts/..%2f..%2finternal/sessions/x',
    '/objects/%5c..%5cinternal',
  ])('refuses %s, a path that climbs out of its route', async (path) => {
    const res = await rawGet(base, path);
    expect(res.status, path).toBe(400);
    expect(JSON.parse(res.body)).toHaveProperty('message');
  });
});

describe('request bodies', () => {
  const json = (size: number) => Buffer.from(JSON.stringify({ text: 'x'.repeat(size) }));

  it('forwards a body sent with Expect: 100-continue (as curl sends large bodies)', async () => {
    const answer = await expectContinue(base, '/api/posts', json(2_000), { cookie: member });
    expect(answer.status).toBe(200);
    expect(answer.continued).toBe(true);
    const received = JSON.parse(answer.body) as Echo;
    expect(received.body).toEqual({ text: 'x'.repeat(2_000) });
    expect(received.headers.expect).toBeUndefined();
  });

  it('answers 413 itself to a declared body over 1 MB, before the client sends it', async () => {
    const started = Date.now();
    const answer = await expectContinue(base, '/api/posts', json(2_000_000), { cookie: member });
    expect(answer.status).toBe(413);
    expect(answer.continued).toBe(false);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Request body is larger than 1 MB' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('handles Expect and a photo-sized limit on /storage/* (the embedded store on the app origin)', async () => {
    const store = await startEchoService('storage');
    try {
      const { url } = await startGateway({ storageUpstream: store.url });
      const small = await expectContinue(url, '/storage/waco-media/incoming/a.jpg', json(2_000));
      expect(small.status).toBe(200);
      expect(small.continued).toBe(true);
      expect((JSON.parse(small.body) as Echo).headers.expect).toBeUndefined();
      const huge = await expectContinue(url, '/storage/waco-media/incoming/a.jpg', json(11 * 1024 * 1024));
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.body)).toEqual({ message: 'Request body is larger than 10 MB' });
    } finally {
      await store.close();
    }
  });

  it('refuses any other expectation with 417', async () => {
    const answer = await expectContinue(base, '/api/posts', json(10), { expect: 'something-else' });
    expect(answer.status).toBe(417);
    expect(JSON.parse(answer.body)).toHaveProperty('message');
  });

  it('answers 413 to a 2 MB body sent at once, and stays usable', async () => {
    const started = Date.now();
    const res = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member },
      body: json(2_000_000),
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is larger than 1 MB' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await fetch(`${base}/api/posts`)).status).toBe(200);
  });

  it('counts a chunked body as it streams and answers 413 past the limit', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2_000_000) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(5_000),
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is larger than 1 MB' });
  });

  it('forwards a chunked body under the limit', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"title":'));
        controller.enqueue(new TextEncoder().encode('"Garage sale"}'));
        controller.close();
      },
    });
    const received = await echo('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(received.body).toEqual({ title: 'Garage sale' });
  });
});

describe('guests on members-only endpoints', () => {
  it('are answered 401 before their body is read: no 100 Continue, and nothing reaches the service', async () => {
    const reached: string[] = [];
    const posts = await startEchoService('posts', (app) => {
      app.addHook('onRequest', async (req) => {
        reached.push(`${req.method} ${req.url}`);
      });
    });
    try {
      const { url } = await startGateway({ upstreams: { ...(await upstreamsOf()), posts: posts.url } });
      const body = Buffer.from(JSON.stringify({ title: 'x'.repeat(500_000) }));
      for (const cookie of [undefined, 'sid=not-a-session']) {
        const answer = await expectContinue(url, '/api/posts', body, cookie ? { cookie } : {});
        expect(answer.status, cookie).toBe(401);
        expect(answer.continued).toBe(false);
        expect(JSON.parse(answer.body)).toEqual({ message: 'You are not signed in' });
        expect(answer.headers['cache-control']).toBe('no-store');
        // Without Expect, the body is sent at once: still refused, still not forwarded.
        const sent = await fetch(`${url}/api/posts/0190f5a2-7c1e-7b3a-9c4d-2e8f6a1b3c5d/like`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body,
        });
        expect(sent.status).toBe(401);
        expect(await sent.json()).toEqual({ message: 'You are not signed in' });
      }
      // A member's body goes through, and a guest's on an endpoint open to guests.
      const ok = await expectContinue(url, '/api/posts', body, { cookie: member });
      expect([ok.status, ok.continued]).toEqual([200, true]);
      expect(reached).toEqual(['POST /api/posts']);
      expect((await fetch(`${url}/api/posts`)).status).toBe(200);
    } finally {
      await posts.close();
    }
  });
});

describe('who the user is', () => {
  it('ignores an x-user-id sent by a guest', async () => {
    const received = await echo('/api/posts', { headers: { [USER_ID_HEADER]: randomUUID() } });
    expect(received.headers[USER_ID_HEADER]).toBeUndefined();
  });

  it("sends the session's user, not the one the client names", async () => {
    const { cookie, userId } = identity.signIn();
    const received = await echo('/api/posts', { headers: { cookie, [USER_ID_HEADER]: randomUUID() } });
    expect(received.headers[USER_ID_HEADER]).toBe(userId);
    const atIdentity = await echo('/api/user', { headers: { cookie, 'X-User-Id': randomUUID() } });
    expect(atIdentity.headers[USER_ID_HEADER]).toBe(userId);
  });

  it('treats an unknown cookie as a guest', async () => {
    const received = await echo('/api/posts', { headers: { cookie: 'sid=not-a-session' } });
    expect(received.headers[USER_ID_HEADER]).toBeUndefined();
  });

  it('shows the session cookie to identity only', async () => {
    const { cookie } = identity.signIn();
    expect((await echo('/api/user', { headers: { cookie } })).headers.cookie).toBe(cookie);
    expect((await echo('/api/posts', { headers: { cookie } })).headers.cookie).toBeUndefined();
  });

  it('forwards the request id and continues the trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const received = await echo('/api/posts', {
      headers: { 'x-request-id': 'req-42', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(received.headers['x-request-id']).toBe('req-42');
    const traceparent = String(received.headers.traceparent);
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // The parent is the gateway's own span, not the browser's.
    expect(traceparent).not.toContain('00f067aa0ba902b7');
  });
});

describe('the session cache', () => {
  it('reuses a lookup within the cache window', async () => {
    const { cookie, userId } = identity.signIn();
    const before = identity.lookups;
    for (let i = 0; i < 3; i++) {
      expect((await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER]).toBe(userId);
    }
    expect(identity.lookups - before).toBe(1);
  });

  it('drops a session at once when identity announces SessionRevoked', async () => {
    const { cookie, userId, token } = identity.signIn();
    expect((await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER]).toBe(userId);

    // Identity ends the session; the cached answer still names the user...
    identity.endSession(token);
    expect((await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER]).toBe(userId);

    // ...until the event arrives: the very next request is a guest, well within the window.
    await bus.publish('identity', sessionRevoked(token, userId));
    expect((await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER]).toBeUndefined();
  });

  it('does not keep the answer of a lookup that was in flight when the session was revoked', async () => {
    const { cookie, userId, token } = identity.signIn();
    const release = identity.holdLookups();
    const before = identity.lookups;
    const inFlight = echo('/api/posts', { headers: { cookie } });
    while (identity.lookups === before) await new Promise((r) => setTimeout(r, 5));

    // Identity answered "signed in", then revoked the session before the answer arrived.
    identity.endSession(token);
    await bus.publish('identity', sessionRevoked(token, userId));
    release();
    expect((await inFlight).headers[USER_ID_HEADER]).toBe(userId);

    // That stale answer was not cached: the next request asks again and is a guest.
    expect((await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER]).toBeUndefined();
  });

  it('drops the session on logout through the gateway, for the very next request', async () => {
    const { cookie, userId } = identity.signIn();
    expect((await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER]).toBe(userId);

    const logout = await fetch(`${base}/api/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');

    // No SessionRevoked event was published: the logout answer itself dropped the entry.
    expect((await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER]).toBeUndefined();
  });
});

describe('writes from other sites', () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member, ...headers },
      body: JSON.stringify({ title: 'Garage sale' }),
    });

  it('refuses a cross-origin POST', async () => {
    const res = await post({ origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/evil\.example/);
  });

  it('refuses a write marked Sec-Fetch-Site: cross-site', async () => {
    const res = await post({ 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await res.json()).toHaveProperty('message');
  });

  it("lets the app's own origin and originless clients (curl) write", async () => {
    expect((await post({ origin: APP_ORIGIN, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it('lets another origin read', async () => {
    expect((await fetch(`${base}/api/posts`, { headers: { origin: 'https://evil.example' } })).status).toBe(
      200,
    );
  });
});

describe('logout by another site', () => {
  const logout = (cookie: string, headers: Record<string, string>) =>
    fetch(`${base}/api/logout`, { headers: { cookie, ...headers }, redirect: 'manual' });
  const userOf = async (cookie: string) =>
    (await echo('/api/posts', { headers: { cookie } })).headers[USER_ID_HEADER];

  it.each([
    ['a cross-site navigation', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
    ['a same-site (sibling subdomain) request', { 'sec-fetch-site': 'same-site' }],
    ['a browser without Sec-Fetch-Site, from another page', { referer: 'https://evil.example/page' }],
    ['a browser without Sec-Fetch-Site, from another origin', { origin: 'https://evil.example' }],
  ])('does not sign out on %s', async (_, headers) => {
    const { cookie, userId } = identity.signIn();
    const res = await logout(cookie, headers);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/another site/);
    expect(await userOf(cookie)).toBe(userId);
  });

  it.each([
    [
      'the Sign Out link (same-origin navigation)',
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    ],
    ['a typed address or bookmark', { 'sec-fetch-site': 'none' }],
    ['an older browser on an app page', { referer: `${APP_ORIGIN}/profile` }],
    ['curl', {}],
  ])('signs out on %s', async (_, headers) => {
    const { cookie } = identity.signIn();
    const res = await logout(cookie, headers);
    expect(res.status).toBe(302);
    expect(await userOf(cookie)).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After over the general limit', async () => {
    const { url } = await startGateway({ rateLimits: { general: 3, auth: 2 } });
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/api/posts`)).status).toBe(200);
    const res = await fetch(`${url}/api/posts`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { message: string }).message).toMatch(/Too many requests/);
  });

  it("does not count the starting process's own requests (its token), and never sends the token on", async () => {
    const token = 'launcher-token-of-this-test';
    const { url } = await startGateway({ rateLimits: { general: 2, auth: 2 }, rateLimitExemptToken: token });
    for (let i = 0; i < 5; i++) {
      const received = await echo('/api/posts', { headers: { [EXEMPT_HEADER]: token } }, url);
      expect(received.headers[EXEMPT_HEADER]).toBeUndefined();
    }
    // A browser from the same address still has its whole limit; a wrong token is counted.
    expect((await fetch(`${url}/api/posts`)).status).toBe(200);
    expect((await fetch(`${url}/api/posts`, { headers: { [EXEMPT_HEADER]: 'guess' } })).status).toBe(200);
    expect((await fetch(`${url}/api/posts`)).status).toBe(429);
  });

  it('is stricter on login and signup', async () => {
    const { url } = await startGateway({ rateLimits: { general: 100, auth: 2 } });
    const login = () =>
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', password: 'x' }),
      });
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(200);
    const refused = await login();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Other routes still answer.
    expect((await fetch(`${url}/api/posts`)).status).toBe(200);
  });

  it('is stricter on every route the endpoint table flags: sign-in, sign-up and password reset', async () => {
    expect(STRICTLY_LIMITED.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'POST /api/login',
      'POST /api/password-reset',
      'POST /api/password-reset/confirm',
      'POST /api/signup',
    ]);
    const { url } = await startGateway({ rateLimits: { general: 100, auth: 1 } });
    for (const { method, path } of STRICTLY_LIMITED) {
      const send = () =>
        fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
      expect((await send()).status, path).not.toBe(429);
      expect((await send()).status, path).toBe(429);
    }
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  const from = (url: string, client: string) =>
    fetch(`${url}/api/posts`, { headers: { 'x-forwarded-for': client } });

  it('ignores X-Forwarded-For by default: a client cannot pick its own address', async () => {
    const { url } = await startGateway({ rateLimits: { general: 2, auth: 2 } });
    const first = await from(url, '203.0.113.1');
    expect(first.status).toBe(200);
    // The services are told the connecting address, not the one the client claimed.
    expect(((await first.json()) as Echo).headers['x-forwarded-for']).toBe('127.0.0.1');
    expect((await from(url, '203.0.113.2')).status).toBe(200);
    expect((await from(url, '203.0.113.3')).status).toBe(429);
  });

  it("counts and names each client by the trusted proxy's X-Forwarded-For", async () => {
    const { url } = await startGateway({ rateLimits: { general: 2, auth: 2 }, trustProxy: ['127.0.0.1'] });
    const first = await from(url, '203.0.113.1');
    expect(((await first.json()) as Echo).headers['x-forwarded-for']).toBe('203.0.113.1');
    expect((await from(url, '203.0.113.1')).status).toBe(200);
    // Another client behind the same proxy has a limit of its own.
    expect((await from(url, '203.0.113.2')).status).toBe(200);
    expect((await from(url, '203.0.113.1')).status).toBe(429);
  });

  it('trusts a number of hops', async () => {
    const { url } = await startGateway({ trustProxy: 1 });
    const res = await fetch(`${url}/api/posts`, {
      headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.1' },
    });
    expect(((await res.json()) as Echo).headers['x-forwarded-for']).toBe('203.0.113.1');
  });

  it('reads TRUST_PROXY as Fastify takes it, off when unset', () => {
    expect(trustProxySchema.parse(undefined)).toBe(false);
    expect(trustProxySchema.parse('false')).toBe(false);
    expect(trustProxySchema.parse('true')).toBe(true);
    expect(trustProxySchema.parse('2')).toBe(2);
    expect(trustProxySchema.parse('10.0.0.0/8, 127.0.0.1,::1,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', 'proxy.example']) {
      expect(trustProxySchema.safeParse(wrong).success, wrong).toBe(false);
    }
  });
});

describe('rate limits in Redis', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('are counted once for every gateway instance', async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
    try {
      await redis.connect().catch((err: Error) => {
        throw new Error(
          `Redis is not reachable at ${REDIS_URL} (${err.message}). Start it: bash scripts/ensure-services.sh redis`,
        );
      });
      // The counter of this machine's address, as an earlier run may have left it.
      await redis.del('waco-gateway-rate-limit:127.0.0.1');
      const limits = { rateLimits: { general: 3, auth: 2 }, redisUrl: REDIS_URL };
      const [a, b] = [await startGateway(limits), await startGateway(limits)];
      for (const url of [a.url, b.url, a.url]) expect((await fetch(`${url}/api/posts`)).status).toBe(200);
      const res = await fetch(`${b.url}/api/posts`);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await redis.del('waco-gateway-rate-limit:127.0.0.1').catch(() => {});
      redis.disconnect();
    }
  });
});

describe('an upstream that is down', () => {
  it('answers 503 naming the service, at once', async () => {
    const { url } = await startGateway({
      upstreams: { ...(await upstreamsOf()), posts: await deadUrl() },
    });
    const started = Date.now();
    const res = await fetch(`${url}/api/posts`, { signal: AbortSignal.timeout(5_000) });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/posts service is unavailable/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers 503 naming identity when a session cannot be looked up, and is not ready', async () => {
    const down = await deadUrl();
    const { url } = await startGateway({
      upstreams: { ...(await upstreamsOf()), identity: down },
    });
    const res = await fetch(`${url}/api/posts`, {
      headers: { cookie: 'sid=whatever' },
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/identity service is unavailable/);
    // A guest needs no lookup.
    expect((await fetch(`${url}/api/posts`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.identity).toMatch(
      /unreachable/,
    );
  });
});

describe('retries', () => {
  it('sends a request refused by one instance to the next, whatever its method', async () => {
    const { url } = await startGateway({
      upstreams: { ...(await upstreamsOf()), posts: `${await deadUrl()},${services.posts.url}` },
    });
    // Turns alternate between the two: half the requests meet the dead one first.
    for (let i = 0; i < 4; i++) {
      const read = await fetch(`${url}/api/posts`);
      expect(read.status).toBe(200);
      const write = await fetch(`${url}/api/posts`, {
        method: 'POST',
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json', cookie: member },
        body: JSON.stringify({ n: i }),
      });
      expect(write.status).toBe(200);
      expect(((await write.json()) as Echo).body).toEqual({ n: i });
    }
  });

  it('retries a read whose connection closed under it, but never a write that may have been applied', async () => {
    // A service going down: it drops the connection of the first request of each kind it gets.
    const seen = new Map<string, number>();
    const flaky = await startEchoService('posts', (app) => {
      app.addHook('onRequest', async (req) => {
        const key = `${req.method} ${req.url}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        if (seen.get(key) === 1) req.raw.socket.destroy();
      });
    });
    try {
      const { url } = await startGateway({ upstreams: { ...(await upstreamsOf()), posts: flaky.url } });
      const read = await fetch(`${url}/api/posts/p1`);
      expect(read.status).toBe(200);
      expect(seen.get('GET /api/posts/p1')).toBe(2);

      const like = await fetch(`${url}/api/posts/p1/like`, {
        method: 'POST',
        headers: { origin: APP_ORIGIN },
      });
      expect(like.status).toBe(502);
      expect(seen.get('POST /api/posts/p1/like')).toBe(1);
    } finally {
      await flaky.close();
    }
  });
});

async function upstreamsOf() {
  return {
    identity: identity.url,
    posts: services.posts.url,
    messaging: services.messaging.url,
    notifications: services.notifications.url,
    media: services.media.url,
    moderation: services.moderation.url,
    groups: services.groups.url,
    directory: services.directory.url,
  };
}

describe('live streams end with their session', () => {
  /** A held stream through a gateway, read up to its first event. */
  async function openStream(at: string, cookie: string) {
    const client = await SseClient.open(`${at}/api/stream?hold`, { cookie });
    expect(client.status).toBe(200);
    const first = await client.waitFor(() => true);
    return {
      first: first.data,
      /** True when the stream ends within `ms`. */
      async endsWithin(ms: number) {
        for (const deadline = Date.now() + ms; Date.now() < deadline && !client.ended; ) {
          await new Promise((r) => setTimeout(r, 10));
        }
        return client.ended;
      },
      close: () => client.close(),
    };
  }

  it('ends the stream at once when its session logs out through the gateway', async () => {
    const { cookie, userId } = identity.signIn();
    const stream = await openStream(base, cookie);
    expect(stream.first).toBe(userId);
    const before = heldStreams;
    const logout = await fetch(`${base}/api/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(logout.status).toBe(302);
    expect(await stream.endsWithin(1_000)).toBe(true);
    // The service's end of the stream is closed too.
    for (let i = 0; i < 100 && heldStreams >= before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(heldStreams).toBe(before - 1);
  });

  it("ends a revoked session's streams on every gateway instance, and no one else's", async () => {
    const other = await startGateway();
    const revoked = identity.signIn();
    const kept = identity.signIn();
    const streams = [
      await openStream(base, revoked.cookie),
      await openStream(other.url, revoked.cookie),
      await openStream(other.url, revoked.cookie),
    ];
    const bystander = await openStream(other.url, kept.cookie);

    // Identity revokes the session (say, logout from a third instance): both instances hear it.
    identity.endSession(revoked.token);
    await bus.publish('identity', sessionRevoked(revoked.token, revoked.userId));
    for (const stream of streams) expect(await stream.endsWithin(1_000)).toBe(true);
    expect(await bystander.endsWithin(300)).toBe(false);
    bystander.close();
  });

  it('ends every stream cleanly when the gateway closes, so that closing finishes', async () => {
    const stopping = await startGateway();
    const streams = [
      await openStream(stopping.url, identity.signIn().cookie),
      await openStream(stopping.url, identity.signIn().cookie),
    ];
    // Without ending them, close would wait on the open streams for as long as browsers keep them.
    const closed = stopping.app.close().then(() => true);
    for (const stream of streams) expect(await stream.endsWithin(2_000)).toBe(true);
    expect(await closed).toBe(true);
  });
});

describe('an answer that breaks off', () => {
  const LARGE = Buffer.alloc(3 * 1024 * 1024, 'abcdefgh');

  /** A gateway whose posts service answers `/api/posts/:how` in a broken way, and all else well. */
  async function withBreakingPosts(test: (url: string) => Promise<void>) {
    const posts = await startEchoService('posts', (app) => {
      app.get('/api/posts/headers-only', (_req, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        reply.raw.flushHeaders();
        setTimeout(() => reply.raw.socket?.destroy(), 20);
      });
      // Chunked: only a broken-off answer tells the browser that it is not complete.
      app.get<{ Params: { bytes: string } }>('/api/posts/part/:bytes', (req, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'application/json' });
        reply.raw.write(`{"posts":[${' '.repeat(Number(req.params.bytes))}`);
        setTimeout(() => reply.raw.socket?.destroy(), 20);
      });
      app.get('/api/posts/large', (_req, reply) => reply.type('application/octet-stream').send(LARGE));
    });
    try {
      const { url } = await startGateway({ upstreams: { ...(await upstreamsOf()), posts: posts.url } });
      await test(url);
      // Whatever broke, the gateway keeps serving.
      expect((await fetch(`${url}/api/posts`)).status).toBe(200);
    } finally {
      await posts.close();
    }
  }

  it('answers 502 when the service drops the connection before its answer reached the browser', () =>
    withBreakingPosts(async (url) => {
      // After its headers, and after a first small piece (kept to go out with the headers).
      for (const path of ['/api/posts/headers-only', '/api/posts/part/10']) {
        const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(5_000) });
        expect(res.status, path).toBe(502);
        expect(((await res.json()) as { message: string }).message).toMatch(/posts service failed to answer/);
      }
    }));

  it('breaks the answer off, never passes it as complete, when the service drops mid-body', () =>
    withBreakingPosts(async (url) => {
      const res = await fetch(`${url}/api/posts/part/100000`, { signal: AbortSignal.timeout(5_000) });
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
    }));

  it('passes a large answer through whole (the browser reading slower than the service sends)', () =>
    withBreakingPosts(async (url) => {
      const res = await fetch(`${url}/api/posts/large`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(LARGE.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(LARGE)).toBe(true);
    }));

  it("closes the service's end of a live stream when the browser leaves", async () => {
    const { cookie } = identity.signIn();
    const before = heldStreams;
    const client = await SseClient.open(`${base}/api/stream?hold`, { cookie });
    await client.waitFor(() => true);
    expect(heldStreams).toBe(before + 1);
    client.close();
    for (let i = 0; i < 100 && heldStreams > before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(heldStreams).toBe(before);
  });
});

describe('the live stream', () => {
  it('passes server-sent events through as they come, without buffering', async () => {
    const res = await fetch(`${base}/api/stream`, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    // The first event arrives while the service still holds the stream open.
    const first = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('first event was held back')), 3_000),
      ),
    ]);
    expect(decoder.decode(first.value)).toBe('data: first\n\n');
    releaseStream();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value);
    }
    expect(rest).toBe('data: second\n\n');
  });
});

describe('caching of private answers', () => {
  it('marks every /api answer no-store, for a member and for a guest, whatever the service said', async () => {
    const { cookie } = identity.signIn();
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      for (const path of ['/api/posts', '/api/users/me/saved', '/api/user', '/api/nope']) {
        const res = await fetch(`${base}${path}`, { headers });
        expect(res.headers.get('cache-control'), path).toBe('no-store');
      }
    }
  });

  it('marks a 401 no-store', async () => {
    const res = await fetch(`${base}/api/users/me/liked`);
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the caching of public images and of the web app', async () => {
    const image = await fetch(`${base}/objects/uploads/cached.webp`);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/`)).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('the web app', () => {
  // (/post/{id} and /user/{id} have their own page: test/unfurl.test.ts; the boot data that `/`
  // holds besides: test/boot-data.test.ts.)
  // (Which addresses are the app's pages, and 404 for the others: test/search-engines.test.ts.)
  it.each(['/', '/profile', '/settings', '/messages?conversation=1'])(
    'answers %s with index.html',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const withoutBootData = html.replace(
        /<script type="application\/json" id="boot-data"[\s\S]*?<\/script>/,
        '',
      );
      // With the page's canonical address in its head.
      const canonical = `    <link rel="canonical" href="${APP_ORIGIN}${path.split('?')[0]}" />\n  </head>`;
      expect(withoutBootData).toBe(INDEX_HTML.replace(/<\/head>/, canonical));
    },
  );

  it('serves hashed assets with long cache headers, and 404 for a missing one', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/assets/app-old999.js`)).status).toBe(404);
  });

  it.each([
    [
      'a Content-Security-Policy the web app satisfies',
      'content-security-policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
      ],
    ],
    [
      'a Permissions-Policy that allows the camera to the app only, and no microphone or location',
      'permissions-policy',
      ['camera=(self)', 'microphone=()', 'geolocation=()'],
    ],
  ])('sends %s, on pages and API answers', async (_what, header, directives) => {
    for (const path of ['/', '/api/posts']) {
      const value = (await fetch(`${base}${path}`)).headers.get(header) ?? '';
      for (const directive of directives) expect(value, `${header} of ${path}`).toContain(directive);
    }
  });

  it('allows browser uploads to the object store when its origin is given', async () => {
    const { url } = await startGateway({ storageOrigin: 'http://127.0.0.1:9000/bucket' });
    const csp = (await fetch(`${url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9000");
  });

  it('serves a placeholder that says how to build the web app when it is not built', async () => {
    const { url } = await startGateway({ webDist: join(webDist, 'missing') });
    const res = await fetch(`${url}/profile`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('npm run build -w web');
  });

  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { identity: 'ok', bus: 'ok' } });
  });
});

describe('the session cookie', () => {
  it('is read from the Cookie header among others, first one kept, quoted or percent-encoded', () => {
    expect(sessionToken(undefined)).toBeUndefined();
    expect(sessionToken('theme=dark')).toBeUndefined();
    expect(sessionToken('theme=dark; sid=abc123; x=1')).toBe('abc123');
    expect(sessionToken('sid=first; sid=second')).toBe('first');
    expect(sessionToken('sidx=no; sid="quoted"')).toBe('quoted');
    expect(sessionToken('sid=a%2Fb')).toBe('a/b');
    expect(sessionToken('sid=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
