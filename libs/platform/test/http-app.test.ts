import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES, createHttpApp, type HttpApp, type HttpAppOptions } from '../src/http/app';
import { conflict } from '../src/http/errors';
import { requirePostgres, TEST_DATABASE_URL } from '../src/testing';

const Signup = z.strictObject({
  name: z.string().min(1, 'Name is required'),
  age: z.number().int(),
  note: z.string().optional(),
});

const apps: HttpApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app with a few routes (and the test's own), and the log lines it wrote. */
async function testApp(options: Partial<HttpAppOptions> = {}, routes?: (app: HttpApp) => void) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      callback();
    },
  });
  const app = createHttpApp({ name: 'test', logger: pino({ level: 'info' }, stream), ...options });
  apps.push(app);
  app.post('/signup', { schema: { body: Signup } }, async (req) => ({ hello: req.body.name }));
  app.get('/boom', async () => {
    throw new Error('connection to 10.0.0.7:5432 refused; password=hunter2');
  });
  app.get('/db-gone', async () => {
    // What pg throws when Postgres ends the session under a query (a restart).
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.get('/db-refused', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/taken', async () => {
    throw conflict('That email is already registered');
  });
  routes?.(app);
  await app.ready();
  return { app, lines };
}

/** A GET to a fresh test app. */
const getFromTestApp = async (url: string) => (await testApp()).app.inject({ method: 'GET', url });

const postJson = (app: HttpApp, payload: string | object) =>
  app.inject({
    method: 'POST',
    url: '/signup',
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('createHttpApp', () => {
  it('accepts a valid body', async () => {
    const { app } = await testApp();
    const res = await postJson(app, { name: 'Ada', age: 36 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hello: 'Ada' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const { app } = await testApp();
    const res = await postJson(app, '{"name": "Ada",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/^Malformed JSON body/) });
  });

  it('answers a wrong type with 400 naming the field', async () => {
    const { app } = await testApp();
    const res = await postJson(app, { name: 'Ada', age: 'thirty-six' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.field).toBe('age');
    expect(body.message).toMatch(/^age: /);
  });

  it('answers a missing field with 400 and the schema’s own message', async () => {
    const { app } = await testApp();
    const res = await postJson(app, { name: '', age: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Name is required', field: 'name' });
  });

  it('answers an unknown field with 400 naming the key', async () => {
    const { app } = await testApp();
    const res = await postJson(app, { name: 'Ada', age: 36, isAdmin: true });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.field).toBe('isAdmin');
    expect(body.message).toContain('isAdmin');
  });

  it('answers a body over 1 MB with 413 and a message', async () => {
    const { app } = await testApp();
    const res = await postJson(app, { name: 'x'.repeat(BODY_LIMIT_BYTES), age: 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is larger than 1 MB' });
  });

  it('answers an unknown route with 404 JSON', async () => {
    const res = await getFromTestApp('/nowhere?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'No route for GET /nowhere' });
  });

  it('answers a thrown error with 500, a generic message and no internals, and logs it', async () => {
    const { app, lines } = await testApp();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toMatch(/10\.0\.0\.7|hunter2|stack|at /);
    const logged = lines.find((l) => l.msg === 'request failed');
    expect(logged).toMatchObject({ level: 50, err: { message: expect.stringContaining('10.0.0.7') } });
    expect(logged?.requestId).toEqual(expect.any(String));
  });

  it('answers 503 with a message when the database is unreachable, not 500', async () => {
    const { app } = await testApp();
    for (const url of ['/db-gone', '/db-refused']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'The database is unavailable right now. Please try again in a moment.',
      });
      expect(res.headers['retry-after']).toBe('1');
    }
  });

  it('logs a request that found every connection of its pool in use as that, not as the database gone', async () => {
    // Postgres is up; the pool's one connection is held, so a query waits its turn and gives up.
    await requirePostgres();
    const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, connectionTimeoutMillis: 50 });
    const held = await pool.connect();
    try {
      const { app, lines } = await testApp({}, (a) => a.get('/pool-full', () => pool.query('SELECT 1')));
      const res = await app.inject({ method: 'GET', url: '/pool-full' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      await app.inject({ method: 'GET', url: '/db-refused' });
      expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([
        'no database connection free in time: every one of the pool in use',
        'database unavailable',
      ]);
    } finally {
      held.release();
      await pool.end();
    }
  });

  it('answers an HttpError with its status and message', async () => {
    const res = await getFromTestApp('/taken');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'That email is already registered' });
  });

  it('answers /healthz with 200', async () => {
    const res = await getFromTestApp('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'test' });
  });

  it('logs one access line per request, and none when access logs are off (LOG_REQUESTS=false)', async () => {
    const requestLines = async (options: Partial<HttpAppOptions>) => {
      // Hooks run in the order they were added: once this one runs, the access log's has.
      let responded!: Promise<void>;
      const { app, lines } = await testApp(options, (app) => {
        responded = new Promise<void>((resolve) => {
          app.addHook('onResponse', async () => resolve());
        });
      });
      const res = await app.inject({ method: 'POST', url: '/signup', payload: { name: 'Ann', age: 30 } });
      expect(res.statusCode).toBe(200);
      await responded;
      return lines.filter((l) => l.msg === 'request');
    };
    expect(await requestLines({})).toEqual([
      expect.objectContaining({ method: 'POST', route: '/signup', status: 200 }),
    ]);
    expect(await requestLines({ accessLog: false })).toEqual([]);
  });

  it('answers /readyz with 200 when every check passes and 503 naming the one that throws', async () => {
    const ok = await testApp({ readiness: { database: async () => {}, bus: async () => {} } });
    const ready = await ok.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });

    const failing = await testApp({
      readiness: {
        database: async () => {},
        bus: async () => {
          throw new Error('NATS connection closed');
        },
      },
    });
    const notReady = await failing.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      status: 'not ready',
      checks: { database: 'ok', bus: 'NATS connection closed' },
    });
  });
});
