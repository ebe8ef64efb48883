import { Writable } from 'node:stream';
import { buildGateway } from '@waco/gateway';
import { identityService } from '@waco/identity';
import { messagingService } from '@waco/messaging';
import { notificationsService } from '@waco/notifications';
import {
  createBus,
  createLogger,
  type EventBus,
  type HttpApp,
  initMetrics,
  initTracing,
  type MetricsServer,
  type RunningService,
  type ServiceDefinition,
  shutdownMetrics,
  shutdownTracing,
  startMetricsServer,
  startService,
} from '@waco/platform';
import {
  dropSchema,
  InMemorySpanExporter,
  type ReadableSpan,
  requireNats,
  requirePostgres,
  SimpleSpanProcessor,
  SseClient,
  saleRequest,
  signUpAt,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  uniqueName,
  waitFor,
} from '@waco/platform/testing';
import { postsService } from '@waco/posts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText } from './support/prometheus-text';

// One like through the gateway is one trace across gateway, posts, its relay, NATS,
// the notifications consumer and the live push; every process's /metrics reads as Prometheus
// text; log lines carry the trace and never a password, a session cookie or a message's text.
// The services and the gateway run in this process on real Postgres and NATS, each with its
// own bus connection, as separate processes would.

const exporter = new InMemorySpanExporter();
const lines: Array<Record<string, unknown> & { raw: string }> = [];
const logger = createLogger({
  level: 'info',
  destination: new Writable({
    write(chunk, _enc, done) {
      for (const raw of String(chunk).split('\n').filter(Boolean)) lines.push({ ...JSON.parse(raw), raw });
      done();
    },
  }),
});

const tag = uniqueName('obs').split('_')[1] as string;
const prefix = `obs${tag}`;
const services: Record<string, RunningService> = {};
const buses: EventBus[] = [];
let gateway: HttpApp;
let gatewayUrl: string;
let metricsServer: MetricsServer;

async function start(name: string, definition: ServiceDefinition<unknown>) {
  const bus = await createBus({ kind: 'nats', natsUrl: TEST_NATS_URL, prefix, name, logger });
  buses.push(bus);
  services[name] = (await startService(definition, {
    databaseUrl: TEST_DATABASE_URL,
    schema: `${name}_${tag}`,
    bus,
    logger,
    poolSize: 4,
  })) as unknown as RunningService;
}

beforeAll(async () => {
  await requirePostgres();
  await requireNats();
  initTracing({ serviceName: 'observability-test', processors: [new SimpleSpanProcessor({ exporter })] });
  initMetrics({ serviceName: 'observability-test' });
  await start('identity', identityService as ServiceDefinition<unknown>);
  await start('posts', postsService as ServiceDefinition<unknown>);
  await start('messaging', messagingService as ServiceDefinition<unknown>);
  await start('notifications', notificationsService as ServiceDefinition<unknown>);
  const bus = await createBus({ kind: 'nats', natsUrl: TEST_NATS_URL, prefix, name: 'gateway', logger });
  buses.push(bus);
  gateway = await buildGateway({
    upstreams: {
      identity: services.identity?.url as string,
      posts: services.posts?.url as string,
      messaging: services.messaging?.url as string,
      notifications: services.notifications?.url as string,
      media: 'http://127.0.0.1:9',
      moderation: 'http://127.0.0.1:9',
      groups: 'http://127.0.0.1:9',
      directory: 'http://127.0.0.1:9',
    },
    bus,
    logger,
    appOrigins: ['http://localhost:3000'],
    webDist: '/nonexistent',
    rateLimits: { general: 10_000, auth: 10_000 },
  });
  gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
  metricsServer = await startMetricsServer({ host: '127.0.0.1', port: 0 });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  for (const service of Object.values(services)) await service.drain();
  for (const bus of buses) await bus.close();
  for (const service of Object.values(services)) await service.stop();
  await metricsServer?.close();
  await shutdownMetrics();
  await shutdownTracing();
  for (const name of Object.keys(services)) await dropSchema(`${name}_${tag}`);
});

const PASSWORD = 'observable horse battery';
const origin = { origin: 'http://localhost:3000' };

async function signUp(firstName: string) {
  const { id, cookie } = await signUpAt(gatewayUrl, { firstName, password: PASSWORD }, origin);
  return { id, cookie };
}

async function call(cookie: string, method: string, path: string, json?: unknown) {
  const res = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: { cookie, ...origin, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
  return { status: res.status, body: (await res.json()) as any };
}

async function eventually<T>(probe: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const serviceOf = (span: ReadableSpan) => span.resource.attributes['service.name'];

/** The spans of one trace as an indented tree with start offsets and durations (the report). */
function describeTrace(spans: ReadableSpan[]): string {
  const ms = (t: [number, number]) => t[0] * 1e3 + t[1] / 1e6;
  const start = Math.min(...spans.map((s) => ms(s.startTime)));
  const byParent = new Map<string | undefined, ReadableSpan[]>();
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  for (const s of spans) {
    const parent = s.parentSpanContext?.spanId;
    const key = parent && ids.has(parent) ? parent : undefined;
    byParent.set(key, [...(byParent.get(key) ?? []), s]);
  }
  const out: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const s of (byParent.get(parent) ?? []).sort((a, b) => ms(a.startTime) - ms(b.startTime))) {
      out.push(
        `${'  '.repeat(depth)}${String(serviceOf(s))}: ${s.name}  +${(ms(s.startTime) - start).toFixed(1)} ms, ${(ms(s.duration)).toFixed(1)} ms`,
      );
      walk(s.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return out.join('\n');
}

let author: { id: string; cookie: string };
let fan: { id: string; cookie: string };
let likeTraceId: string;

describe('one like, observed', () => {
  it('is one trace: gateway, posts, commit, relay publish, NATS, notifications consumer, live push', async () => {
    author = await signUp('Ada');
    fan = await signUp('Fred');
    const bike = saleRequest('A bike', 'Blue, ridden gently', '40');
    const post = await call(author.cookie, 'POST', '/api/posts', bike);
    expect(post.status).toBe(201);
    const stream = await SseClient.open(`${gatewayUrl}/api/stream`, { cookie: author.cookie });
    expect(stream.status).toBe(200);
    // Started (a fresh stream replays nothing committed before its first counts), and the fan's
    // user row has reached notifications by event: a like before that would name nobody.
    await stream.waitFor((e) => e.event === 'unread');
    const known = async () =>
      (await services.notifications?.database.pool.query('SELECT 1 FROM users WHERE id = $1', [fan.id]))
        ?.rowCount === 1;
    await waitFor(known, undefined, "the fan's row in notifications");
    expect((await call(fan.cookie, 'POST', `/api/posts/${post.body.id}/like`)).body).toEqual({ liked: true });
    await stream.waitFor((e) => e.event === 'notification', 15_000, 'the like notification');
    stream.close();

    const postsServer = await eventually(
      () =>
        exporter
          .getFinishedSpans()
          .find((s) => s.name === 'POST /api/posts/:id/like' && serviceOf(s) === 'posts'),
      "posts' server span",
    );
    likeTraceId = postsServer.spanContext().traceId;
    const inTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === likeTraceId);
    await eventually(
      () => (inTrace().some((s) => s.name === 'push live') ? true : undefined),
      'the push span in the like trace',
    );
    const spans = inTrace();
    const has = (service: string, name: string | RegExp) =>
      spans.some(
        (s) => serviceOf(s) === service && (typeof name === 'string' ? s.name === name : name.test(s.name)),
      );
    expect(has('gateway', /^POST /)).toBe(true); // the gateway's server span
    expect(has('gateway', /^POST$/)).toBe(true); // its outgoing request (undici)
    expect(has('posts', 'POST /api/posts/:id/like')).toBe(true);
    expect(has('posts', /^(INSERT|WITH) posts_/)).toBe(true); // the commit's queries (pg): the append
    expect(has('posts', 'publish PostLiked')).toBe(true); // the relay, to NATS
    expect(has('notifications', 'consume PostLiked')).toBe(true);
    expect(has('notifications', 'push live')).toBe(true);
    for (const span of spans) {
      expect(span.resource.attributes['service.version']).toBeTruthy();
      expect(span.resource.attributes['deployment.environment.name']).toBeTruthy();
    }
    if (process.env.PRINT_TRACE) console.log(describeTrace(spans));
  });

  it("each process's /metrics reads as Prometheus text with the HTTP histogram, relay lag and consumer lag", async () => {
    const read = async (url: string) => {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return parsePrometheusText(await res.text());
    };
    for (const name of ['identity', 'posts', 'messaging', 'notifications']) {
      const { types, samples } = await read(`${services[name]?.url}/metrics`);
      expect(types.get('http_server_request_duration')).toBe('histogram');
      const like = samples.find(
        (s) =>
          s.name === 'http_server_request_duration_count' &&
          s.labels.http_route === '/api/posts/:id/like' &&
          s.labels.http_request_method === 'POST' &&
          s.labels.http_response_status_code === '200',
      );
      expect(like?.value).toBeGreaterThanOrEqual(1);
      const lag = samples.find(
        (s) => s.name === 'waco_outbox_lag' && s.labels.messaging_destination_name === 'posts',
      );
      expect(lag?.value).toBe(0);
      expect(samples.some((s) => s.name === 'waco_outbox_lag_age')).toBe(true);
      const pending = samples.find(
        (s) =>
          s.name === 'waco_consumer_pending' &&
          s.labels.messaging_consumer_group_name === 'notifications' &&
          s.labels.messaging_destination_name === 'posts',
      );
      expect(pending?.value).toBe(0);
      expect(samples.some((s) => s.name === 'waco_consumer_redelivered')).toBe(true);
      expect(
        samples.some(
          (s) => s.name === 'waco_deadletters' && s.labels.messaging_consumer_group_name === 'notifications',
        ),
      ).toBe(true);
      expect(samples.some((s) => s.name === 'waco_sse_streams')).toBe(true);
      expect(
        samples.some(
          (s) => s.name === 'waco_session_cache_lookups_total' && s.labels.waco_cache_result === 'miss',
        ),
      ).toBe(true);
      expect(
        samples.some((s) => s.name === 'waco_readiness' && s.labels.waco_check === 'relay' && s.value === 1),
      ).toBe(true);
      expect(samples.some((s) => s.name === 'nodejs_eventloop_delay')).toBe(true);
      expect(samples.some((s) => s.name === 'v8js_memory_heap_used')).toBe(true);
    }
    // The gateway's on its own listener; its public port has no /metrics (nor the web app's page).
    await read(`${metricsServer.url}/metrics`);
    const pub = await fetch(`${gatewayUrl}/metrics`);
    expect(pub.status).toBe(404);
    expect(await pub.text()).not.toContain('http_server_request_duration');
    if (process.env.PRINT_METRICS) {
      const text = await (await fetch(`${services.posts?.url}/metrics`)).text();
      console.log(
        text
          .split('\n')
          .filter((l) => /waco_|route="\/api\/posts\/:id\/like"/.test(l))
          .join('\n'),
      );
    }
  });

  it("logs a request with its span's trace_id and span_id, and never a password, a cookie or a message", async () => {
    const content = `secret words ${uniqueName('m')}`;
    const sent = await call(fan.cookie, 'POST', '/api/messages', { recipientId: author.id, content });
    expect(sent.status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));

    const access = lines.find(
      (l) => l.msg === 'request' && l.service === 'posts' && l.route === '/api/posts/:id/like',
    );
    expect(access).toMatchObject({ method: 'POST', status: 200, userId: fan.id, trace_id: likeTraceId });
    const server = exporter
      .getFinishedSpans()
      .find((s) => s.name === 'POST /api/posts/:id/like' && s.spanContext().traceId === likeTraceId);
    expect(access?.span_id).toBe(server?.spanContext().spanId);
    expect(typeof access?.durationMs).toBe('number');
    // The gateway's line for the same request: the same trace, the user from the session.
    const gatewayLine = lines.find(
      (l) => l.msg === 'request' && l.service === 'gateway' && l.trace_id === likeTraceId,
    );
    expect(gatewayLine).toMatchObject({ method: 'POST', status: 200, userId: fan.id });

    const token = fan.cookie.split('=')[1] as string;
    expect(token.length).toBeGreaterThan(10);
    for (const line of lines) {
      expect(line.raw).not.toContain(PASSWORD);
      expect(line.raw).not.toContain(token);
      expect(line.raw).not.toContain(content);
      // One service key per line (pino writes a repeated binding twice).
      expect(line.raw.match(/"service":/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
  });
});
