import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpApp } from '@waco/platform';
import { createTestBus, testLogger } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPORT_FAILED } from '../src/api/account-export';
import { buildGateway } from '../src/gateway';
import type { Upstreams } from '../src/upstreams/instances';
import { UPSTREAM_NAMES } from '../src/upstreams/routing-table';
import {
  deadUrl,
  type FakeIdentity,
  type FakeService,
  startEchoService,
  startFakeIdentity,
} from './fake-services';

// The account export gathers every service's part; one that does not answer makes the whole
// export fail with 503, never a download that looks complete without it.

let identity: FakeIdentity;
const services: FakeService[] = [];
let testBus: Awaited<ReturnType<typeof createTestBus>>;
const gateways: HttpApp[] = [];
const webDist = mkdtempSync(join(tmpdir(), 'gateway-export-'));

/** A service whose part of an export is one section naming it and the user it was asked for. */
const withPart = (name: string) =>
  startEchoService(name, (app) => {
    app.get<{ Params: { id: string } }>('/internal/export/:id', async (req) => ({
      [`${name}Rows`]: [{ userId: req.params.id }],
    }));
  });

async function gatewayWith(upstreams: Upstreams) {
  const app = await buildGateway({
    upstreams,
    bus: testBus.bus,
    logger: testLogger,
    appOrigins: ['http://localhost:3000'],
    webDist,
  });
  gateways.push(app);
  return app.listen({ host: '127.0.0.1', port: 0 });
}

let upstreams: Upstreams;

beforeAll(async () => {
  testBus = await createTestBus('memory');
  identity = await startFakeIdentity((app) =>
    app.get<{ Params: { id: string } }>('/internal/export/:id', async (req) => ({
      profile: [{ id: req.params.id }],
    })),
  );
  const others = await Promise.all(UPSTREAM_NAMES.filter((n) => n !== 'identity').map(withPart));
  services.push(identity, ...others);
  upstreams = Object.fromEntries([
    ['identity', identity.url],
    ...others.map((s) => [s.name, s.url]),
  ]) as Upstreams;
});
afterAll(async () => {
  for (const app of gateways) await app.close();
  await Promise.all(services.map((s) => s.close()));
  await testBus?.close();
  rmSync(webDist, { recursive: true, force: true });
});

it('gathers every service’s part for the signed-in user, as a private download', async () => {
  const base = await gatewayWith(upstreams);
  const { cookie, userId } = identity.signIn();
  const res = await fetch(`${base}/api/user/export`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.headers.get('content-disposition')).toContain('attachment');
  const body = await res.json();
  expect(body).toMatchObject({ userId, profile: [{ id: userId }] });
  for (const name of UPSTREAM_NAMES.filter((n) => n !== 'identity'))
    expect(body[`${name}Rows`], name).toEqual([{ userId }]);

  const guest = await fetch(`${base}/api/user/export`);
  expect(guest.status).toBe(401);
});

it('answers 503 when a service does not give its part, never a partial export', async () => {
  const base = await gatewayWith({ ...upstreams, moderation: await deadUrl() });
  const { cookie } = identity.signIn();
  const res = await fetch(`${base}/api/user/export`, { headers: { cookie } });
  expect(res.status).toBe(503);
  expect(res.headers.get('content-disposition')).toBeNull();
  expect(await res.json()).toEqual({ message: EXPORT_FAILED });
});

it('answers as every /api request does when identity cannot say whose session it is, and still serves pages', async () => {
  const base = await gatewayWith({ ...upstreams, identity: await deadUrl() });
  const cookie = 'sid=whatever';
  const res = await fetch(`${base}/api/user/export`, { headers: { cookie } });
  expect(res.status).toBe(503);
  const answer = (await res.json()) as { message: string };
  expect(answer.message).toMatch(/identity service is unavailable/);
  const forwarded = await fetch(`${base}/api/posts`, { headers: { cookie } });
  expect(forwarded.status).toBe(503);
  expect(await forwarded.json()).toEqual(answer);
  // A page goes without anyone's data; the app's own requests then get the 503 above.
  const page = await fetch(`${base}/settings`, { headers: { cookie, 'sec-fetch-dest': 'document' } });
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain('data-parts=');
});
