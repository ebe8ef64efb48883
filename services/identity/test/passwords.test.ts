import { MESSAGES } from '@waco/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDelayMs, tooManyLoginAttemptsMessage } from '../src/domain/login-throttle';
import { type Identity, startIdentity, uniqueEmail } from './harness';

// Common passwords and one equal to the email are refused at signup; failed
// sign-ins are slowed down per account (not only per IP), never locking the owner out for good.

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

const signup = (password: string, email = uniqueEmail()) =>
  identity.call('POST', '/api/signup', { json: { firstName: 'Grace', lastName: 'Hopper', email, password } });
const login = (email: string, password: string) =>
  identity.call('POST', '/api/login', { json: { email, password } });

describe('signup refuses weak passwords', () => {
  it.each(['password', 'password1', 'iloveyou', 'Sunshine', 'QWERTYUIOP', '12345678', 'trustno1'])(
    'refuses the common password %j with a clear message, writing nothing',
    async (password) => {
      const before = await identity.counts();
      const res = await signup(password);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.passwordTooCommon, field: 'password' });
      expect(res.sessionToken).toBeUndefined();
      expect(await identity.counts()).toEqual(before);
    },
  );

  it.each([
    ['the email', 'grace.hopper.1906@example.com'],
    ['the email in other case', 'Grace.Hopper.1906@EXAMPLE.com'],
    ['the part before the @', 'GRACE.hopper.1906'],
  ])('refuses a password equal to %s', async (_name, password) => {
    const before = await identity.counts();
    const res = await signup(password, 'grace.hopper.1906@example.com');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.passwordIsEmail, field: 'password' });
    expect(await identity.counts()).toEqual(before);
  });

  it('accepts an uncommon password, and keeps the spec text for a short one', async () => {
    expect((await signup('analytical engine')).status).toBe(201);
    const short = await signup('seven77');
    expect(short.body).toEqual({ message: MESSAGES.passwordTooShort, field: 'password' });
  });
});

describe('failed sign-ins to one account are slowed down', () => {
  const throttleRow = async (email: string) =>
    (await identity.query('SELECT * FROM login_throttle WHERE email = $1', [email]))[0];
  /** Plays the passing of the wait (the clock is the database's rows, not sleeps). */
  const endWait = (email: string) =>
    identity.query(`UPDATE login_throttle SET blocked_until = now() - interval '1 second' WHERE email = $1`, [
      email,
    ]);

  it('lets five wrong passwords through, then answers 429 with Retry-After, even to the right one', async () => {
    const { request } = await identity.signUp();
    for (let i = 0; i < 5; i++) expect((await login(request.email, 'not the password')).status).toBe(401);
    const blocked = await login(request.email, request.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 30 seconds.',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(blocked.sessionToken).toBeUndefined();

    // The owner is not locked out for good: once the wait is over, the right password works and
    // the count starts again.
    await endWait(request.email);
    const back = await login(request.email, request.password);
    expect(back.status).toBe(200);
    expect(back.sessionToken).toBeTruthy();
    expect(await throttleRow(request.email)).toBeUndefined();
  });

  it('doubles the wait with each further failure, up to 15 minutes', async () => {
    const { request } = await identity.signUp();
    for (let i = 0; i < 5; i++) await login(request.email, 'wrong password');
    await endWait(request.email);
    expect((await login(request.email, 'wrong password')).status).toBe(401);
    const second = await login(request.email, 'wrong password');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(55);
    expect(second.body.message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');

    await identity.query('UPDATE login_throttle SET attempts = 40 WHERE email = $1', [request.email]);
    await endWait(request.email);
    await login(request.email, 'wrong password');
    const capped = await login(request.email, 'wrong password');
    expect(Number(capped.headers.get('retry-after'))).toBe(900);
    expect(capped.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });

  it('lets no more than the free attempts through when they come all at once', async () => {
    const { request } = await identity.signUp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(request.email, 'parallel guess')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('counts per account: another account signs in meanwhile', async () => {
    const victim = await identity.signUp();
    const other = await identity.signUp();
    for (let i = 0; i < 6; i++) await login(victim.request.email, 'guess');
    expect((await login(victim.request.email, victim.request.password)).status).toBe(429);
    expect((await login(other.request.email, other.request.password)).status).toBe(200);
  });

  it('treats an unknown email like a known one, so the answers tell no one which accounts exist', async () => {
    const nobody = uniqueEmail();
    for (let i = 0; i < 5; i++) expect((await login(nobody, 'guess')).status).toBe(401);
    expect((await login(nobody, 'guess')).status).toBe(429);
  });

  it('starts the count again after a quiet window, and a success clears it', async () => {
    const { request } = await identity.signUp();
    for (let i = 0; i < 4; i++) await login(request.email, 'wrong');
    await identity.query(
      `UPDATE login_throttle SET last_attempt_at = now() - interval '16 minutes' WHERE email = $1`,
      [request.email],
    );
    await login(request.email, 'wrong');
    expect((await throttleRow(request.email))?.attempts).toBe(1);
    expect((await login(request.email, request.password)).status).toBe(200);
    expect(await throttleRow(request.email)).toBeUndefined();
  });
});

describe('the wait', () => {
  it('is none for the first four, 30 s after the fifth, doubling, at most 15 min', () => {
    expect([1, 4].map(loginDelayMs)).toEqual([0, 0]);
    expect([5, 6, 7, 10, 50].map(loginDelayMs)).toEqual([30_000, 60_000, 120_000, 900_000, 900_000]);
    expect(tooManyLoginAttemptsMessage(1_000)).toBe(
      'Too many failed sign-in attempts. Please try again in 1 second.',
    );
    expect(tooManyLoginAttemptsMessage(61_000)).toBe(
      'Too many failed sign-in attempts. Please try again in 2 minutes.',
    );
  });
});
