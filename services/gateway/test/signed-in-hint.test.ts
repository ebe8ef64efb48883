import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import { createTestBus, testLogger } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildGateway } from '../src/gateway';
import type { Upstreams } from '../src/upstreams/instances';
import { UPSTREAM_NAMES } from '../src/upstreams/routing-table';
import { type FakeIdentity, type FakeService, startEchoService, startFakeIdentity } from './fake-services';

// A member signed in before the signed-in hint cookie existed holds a session cookie without it,
// and the web app would take them for a guest until they signed in again: the gateway gives the
// hint back on the first answer their session names.

let identity: FakeIdentity;
const services: FakeService[] = [];
let testBus: Awaited<ReturnType<typeof createTestBus>>;
let gateway: HttpApp;
let base: string;
const webDist = mkdtempSync(join(tmpdir(), 'gateway-hint-'));

beforeAll(async () => {
  testBus = await createTestBus('memory');
  identity = await startFakeIdentity();
  const others = await Promise.all(
    UPSTREAM_NAMES.filter((n) => n !== 'identity').map((n) => startEchoService(n)),
  );
  services.push(identity, ...others);
  const upstreams = Object.fromEntries([
    ['identity', identity.url],
    ...others.map((s) => [s.name, s.url]),
  ]) as Upstreams;
  gateway = await buildGateway({
    upstreams,
    bus: testBus.bus,
    logger: testLogger,
    appOrigins: ['http://localhost:3000'],
    webDist,
  });
  base = await gateway.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((s) => s.close()));
  await testBus?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const hintOf = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

it('gives the hint back to a session that lacks it', async () => {
  const { cookie } = identity.signIn();
  const res = await fetch(`${base}/api/posts`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const hint = hintOf(res);
  expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1; Path=/; Max-Age=\\d+; SameSite=Lax$`));
  // Readable by the web app: never HttpOnly.
  expect(hint).not.toMatch(/HttpOnly/i);
});

it('sets nothing when the hint is there, for a guest, or for an unknown session', async () => {
  const { cookie } = identity.signIn();
  const cases: Record<string, string>[] = [
    { cookie: `${cookie}; ${SIGNED_IN_HINT_COOKIE}=1` },
    {},
    { cookie: 'sid=not-a-session' },
  ];
  for (const headers of cases) {
    const res = await fetch(`${base}/api/posts`, { headers });
    expect(res.status).toBe(200);
    expect(hintOf(res), JSON.stringify(headers)).toBeUndefined();
  }
});

it('never gives it back on the answer that ends the session', async () => {
  const { cookie } = identity.signIn();
  const res = await fetch(`${base}/api/logout`, { headers: { cookie }, redirect: 'manual' });
  expect(res.status).toBe(302);
  expect(hintOf(res)).toBeUndefined();
});
