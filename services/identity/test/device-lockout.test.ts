import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, startIdentity, uniqueEmail } from './harness';

// Wrong passwords sent to a chosen account from anywhere (rotating addresses, so no per-address
// limit sees them) slow every stranger down, but do not lock the owner out: a device the owner
// signed in from before holds a device cookie, and is counted on its own.

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

/** The device cookie an answer set: its value and its attributes. */
function deviceCookieOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('did='));
  if (!cookie) return undefined;
  const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
  return { token: pair.slice('did='.length), attributes: attributes.map((a) => a.toLowerCase()) };
}

const login = (email: string, password: string, device?: string) =>
  identity.call('POST', '/api/login', {
    json: { email, password },
    headers: device ? { cookie: `did=${device}` } : {},
  });

/** An attacker's wrong guesses, each from a new address and with no device cookie. */
async function attack(email: string, guesses: number) {
  const statuses: number[] = [];
  for (let i = 0; i < guesses; i++) statuses.push((await login(email, `guess number ${i}`)).status);
  return statuses;
}

/** A member, and the device cookie of the browser they signed in from. */
async function ownerWithDevice() {
  const { request } = await identity.signUp();
  const res = await login(request.email, request.password);
  expect(res.status).toBe(200);
  const device = deviceCookieOf(res)?.token;
  if (!device) throw new Error('no device cookie at sign-in');
  return { email: request.email, password: request.password, device };
}

describe('the device cookie', () => {
  it('is set at signup and sign-in: HttpOnly, SameSite=Strict, sent only to /api/login, for a year', async () => {
    const signup = await identity.call('POST', '/api/signup', {
      json: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: uniqueEmail(),
        password: 'correct horse battery',
      },
    });
    const cookie = deviceCookieOf(signup);
    expect(cookie?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining([
        'httponly',
        'samesite=strict',
        'path=/api/login',
        `max-age=${365 * 24 * 3600}`,
      ]),
    );
    // Only its hash is kept.
    const rows = await identity.query('SELECT token_hash FROM known_devices WHERE user_id = $1', [
      signup.body.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(cookie?.token);
  });

  it('keeps one token for every account signed in from the browser, and replaces one it never gave', async () => {
    const first = await ownerWithDevice();
    const second = await identity.signUp();
    const again = await login(second.request.email, second.request.password, first.device);
    expect(deviceCookieOf(again)?.token).toBe(first.device);

    const made = 'A'.repeat(43);
    const fresh = await login(first.email, first.password, made);
    expect(fresh.status).toBe(200);
    expect(deviceCookieOf(fresh)?.token).not.toBe(made);
    expect(deviceCookieOf(fresh)?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('failed sign-ins from strangers', () => {
  it('slow the attacker down: after five, every guess waits, the right password too', async () => {
    const owner = await ownerWithDevice();
    const statuses = await attack(owner.email, 30);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    // Without the owner's device, even the right password waits: the attacker cannot test it.
    const blocked = await login(owner.email, owner.password);
    expect(blocked.status).toBe(429);
    expect(blocked.sessionToken).toBeUndefined();
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('do not keep the owner out of a device they signed in from before', async () => {
    const owner = await ownerWithDevice();
    await attack(owner.email, 30);
    const res = await login(owner.email, owner.password, owner.device);
    expect(res.status).toBe(200);
    expect(res.sessionToken).toBeTruthy();
    // ...and the owner's success does not give the attacker a fresh start.
    expect((await login(owner.email, 'one more guess')).status).toBe(429);
  });

  it('are not cleared for strangers by a device cookie of another account, or one never given', async () => {
    const owner = await ownerWithDevice();
    const attacker = await ownerWithDevice();
    await attack(owner.email, 6);
    expect((await login(owner.email, owner.password, attacker.device)).status).toBe(429);
    expect((await login(owner.email, owner.password, 'B'.repeat(43))).status).toBe(429);
    expect((await login(owner.email, owner.password, 'not a token')).status).toBe(429);
  });
});

describe('a known device', () => {
  it('has its own count: a stolen device cookie guesses no faster than the account allows', async () => {
    const owner = await ownerWithDevice();
    for (let i = 0; i < 5; i++) expect((await login(owner.email, 'wrong', owner.device)).status).toBe(401);
    const blocked = await login(owner.email, owner.password, owner.device);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please try again in 30 seconds.');
    // The device's failures are its own: the owner elsewhere (a new device) is not kept out by them.
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it('is known for a year after its last sign-in, then counted with strangers again', async () => {
    const owner = await ownerWithDevice();
    await identity.query(
      `UPDATE known_devices SET signed_in_at = now() - interval '366 days'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [owner.email],
    );
    await attack(owner.email, 6);
    expect((await login(owner.email, owner.password, owner.device)).status).toBe(429);
  });

  it("is counted with strangers again once the password changes (it may be a thief's)", async () => {
    const owner = await ownerWithDevice();
    const signedIn = await login(owner.email, owner.password, owner.device);
    const changed = await identity.call('PUT', '/api/user/password', {
      userId: signedIn.body.id,
      token: signedIn.sessionToken,
      json: { currentPassword: owner.password, newPassword: 'a brand new passphrase' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBeLessThan(300);
    await attack(owner.email, 6);
    expect((await login(owner.email, 'a brand new passphrase', owner.device)).status).toBe(429);
  });

  it('is forgotten with the account', async () => {
    const owner = await ownerWithDevice();
    const signedIn = await login(owner.email, owner.password, owner.device);
    const userId = signedIn.body.id as string;
    const deleted = await identity.call('DELETE', '/api/user', {
      userId,
      token: signedIn.sessionToken,
      json: { password: owner.password },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(await identity.query('SELECT 1 FROM known_devices WHERE user_id = $1', [userId])).toEqual([]);
  });
});
