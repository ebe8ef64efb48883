import { SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../src/auth/session-token';
import { type Identity, startIdentity } from './harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const sessionRows = (token: string) =>
  identity.query<{ sid: string; sess: { userId: string; createdAt: string; userAgent: string | null } }>(
    'SELECT sid, sess FROM sessions WHERE sid = $1',
    [sessionIdOf(token)],
  );

describe('sessions', () => {
  it('are stored as spec section 3 says: sid (a hash of the token), sess json, expire', async () => {
    const { user, token } = await identity.signUp();
    const [row] = await identity.query<{ sid: string; sess: Record<string, unknown>; expire: Date }>(
      'SELECT sid, sess, expire FROM sessions WHERE sid = $1',
      [sessionIdOf(token)],
    );
    expect(row?.sid).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.sess).toEqual({
      userId: user.id,
      createdAt: expect.any(String),
      userAgent: expect.any(String),
    });
    const days = ((row?.expire.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
    const indexes = await identity.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'sessions'`,
    );
    expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/\(expire\)/);
  });

  it('resolves a live token to its user and session id', async () => {
    const { user, token } = await identity.signUp();
    const res = await identity.call('GET', `/internal/sessions/${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId: user.id, sessionId: sessionIdOf(token) });
  });

  it('answers 404 for an unknown token', async () => {
    const res = await identity.call('GET', '/internal/sessions/no-such-token');
    expect(res.status).toBe(404);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('refuses an expired session and deletes it', async () => {
    const { token } = await identity.signUp();
    await identity.query(`UPDATE sessions SET expire = now() - interval '1 second' WHERE sid = $1`, [
      sessionIdOf(token),
    ]);
    const res = await identity.call('GET', `/internal/sessions/${token}`);
    expect(res.status).toBe(404);
    expect(await sessionRows(token)).toEqual([]);
  });

  it('are swept away once expired, without anyone asking', async () => {
    const live = await identity.signUp();
    const expired = await identity.signUp();
    await identity.query(`UPDATE sessions SET expire = now() - interval '1 day' WHERE sid = $1`, [
      sessionIdOf(expired.token),
    ]);
    // The sweep runs on an interval; rather than wait a quarter of an hour, run one now.
    const { startSessionSweep } = await import('../src/commands/sessions');
    const sweep = startSessionSweep({
      db: identity.running.database.db,
      logger: (await import('@waco/platform/testing')).testLogger,
      now: () => new Date(),
    });
    await sweep.sweepNow();
    await sweep.stop();
    expect(await sessionRows(expired.token)).toEqual([]);
    expect(await sessionRows(live.token)).toHaveLength(1);
  });
});

describe('GET /api/logout', () => {
  it('ends the session, publishes SessionRevoked, clears the cookie and redirects to /', async () => {
    const { user, token } = await identity.signUp();
    const res = await identity.call('GET', '/api/logout', { token, userId: user.id });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    const hint = res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    expect(hint).toMatch(/Expires=Thu, 01 Jan 1970/);

    // The very next lookup, as the gateway would make it, refuses the old cookie.
    const lookup = await identity.call('GET', `/internal/sessions/${token}`);
    expect(lookup.status).toBe(404);
    expect(await sessionRows(token)).toEqual([]);

    const sessionId = sessionIdOf(token);
    const event = await identity.waitForPublished('SessionRevoked', (d) => d.sessionId === sessionId);
    expect(event.data).toEqual({ sessionId, userId: user.id, reason: 'logout' });
    expect(event.actorId).toBe(user.id);
  });

  it('ends only the session of the cookie it was sent, not the user’s other sessions', async () => {
    const { user, token, request } = await identity.signUp();
    const other = await identity.call('POST', '/api/login', {
      json: { email: request.email, password: request.password },
    });
    await identity.call('GET', '/api/logout', { token, userId: user.id });
    expect((await identity.call('GET', `/internal/sessions/${other.sessionToken}`)).status).toBe(200);
  });

  it('without a cookie, or with an unknown one, still redirects and records nothing', async () => {
    const before = await identity.counts();
    const bare = await identity.call('GET', '/api/logout');
    const unknown = await identity.call('GET', '/api/logout', { token: 'unknown-token' });
    for (const res of [bare, unknown]) {
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    }
    expect(await identity.counts()).toEqual(before);
  });

  it('a second logout with the same cookie records nothing more', async () => {
    const { token } = await identity.signUp();
    await identity.call('GET', '/api/logout', { token });
    const before = await identity.counts();
    await identity.call('GET', '/api/logout', { token });
    expect(await identity.counts()).toEqual(before);
  });
});
