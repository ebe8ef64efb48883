import { SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeIdentity, startFakeIdentity } from './fake-services';
import { type GatewayOverFakes, startGatewayOver } from './gateway-over-fakes';

// A member signed in before the signed-in hint cookie existed holds a session cookie without it,
// and the web app would take them for a guest until they signed in again: the gateway gives the
// hint back on the first answer their session names.

let identity: FakeIdentity;
let stack: GatewayOverFakes;
let base: string;

beforeAll(async () => {
  identity = await startFakeIdentity();
  stack = await startGatewayOver([identity]);
  base = stack.base;
});
afterAll(() => stack?.close());

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
