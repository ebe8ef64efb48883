import { ACCOUNT_MESSAGES } from '@waco/contracts';
import { createSmtpMailer } from '@waco/platform';
import { waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../src/auth/session-token';
import { type Identity, startIdentity, uniqueEmail } from './harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const NEW_PASSWORD = 'a brand new passphrase';

async function sessionCount(userId: string) {
  const [row] = await identity.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sessions WHERE sess->>'userId' = $1`,
    [userId],
  );
  return row?.n;
}

async function logIn(email: string, password: string) {
  return identity.call('POST', '/api/login', { json: { email, password } });
}

/** Asks for a reset and answers the token of the mail that arrives (the `count`th to `email`). */
async function resetTokenFor(email: string, count = 1) {
  const res = await identity.call('POST', '/api/password-reset', { json: { email } });
  expect(res.status).toBe(202);
  const mails = await identity.mailsTo(email, count);
  const mail = mails[count - 1];
  expect(mail?.subject).toBe('Reset your Waco Commons password');
  const link = identity.linkIn(mail?.text ?? '');
  expect(link.pathname).toBe('/reset-password');
  return link.searchParams.get('token') ?? '';
}

describe('email verification', () => {
  it('signup mails a link (text and HTML) that verifies the email once', async () => {
    const { user, token, request } = await identity.signUp({ firstName: 'Maya' });
    const [mail] = await identity.mailsTo(request.email);
    expect(mail?.subject).toBe('Confirm your email for Waco Commons');
    expect(mail?.text).toContain('Hi Maya,');
    expect(mail?.html).toContain('Confirm my email');
    const link = identity.linkIn(mail?.text ?? '');
    expect(link.pathname).toBe('/api/verify-email');
    expect(mail?.html).toContain(link.search.replace('?', '').slice(0, 20));

    const before = await identity.call('GET', '/api/user', { userId: user.id, token });
    expect(before.body.emailVerified).toBeNull();
    const verified = await identity.call('GET', `${link.pathname}${link.search}`);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/?verified=yes');
    const after = await identity.call('GET', '/api/user', { userId: user.id });
    expect(after.body.emailVerified).toEqual(expect.any(String));
    await identity.waitForPublished('EmailVerified', (d) => d.userId === user.id);

    // The link is single-use.
    const again = await identity.call('GET', `${link.pathname}${link.search}`);
    expect(again.headers.get('location')).toBe('/?verified=no');
    expect(
      identity.published.filter(
        (e) => e.type === 'EmailVerified' && (e.data as { userId: string }).userId === user.id,
      ),
    ).toHaveLength(1);
    // And once verified, "Resend" has nothing to send.
    const resend = await identity.call('POST', '/api/verify-email/resend', { userId: user.id, json: {} });
    expect(resend.status).toBe(409);
  });

  it('"Resend" mails a new link; an unknown or expired link verifies nothing', async () => {
    const { user, request } = await identity.signUp();
    const resend = await identity.call('POST', '/api/verify-email/resend', { userId: user.id, json: {} });
    expect(resend.status).toBe(202);
    expect(resend.body).toEqual({ message: ACCOUNT_MESSAGES.verificationSent });
    const mails = await identity.mailsTo(request.email, 2);
    const token = identity.linkIn(mails[1]?.text ?? '').searchParams.get('token') ?? '';
    await identity.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [sessionIdOf(token)],
    );
    const expired = await identity.call('GET', `/api/verify-email?token=${token}`);
    expect(expired.headers.get('location')).toBe('/?verified=no');
    const unknown = await identity.call('GET', '/api/verify-email?token=nonsense');
    expect(unknown.headers.get('location')).toBe('/?verified=no');
    const me = await identity.call('GET', '/api/user', { userId: user.id });
    expect(me.body.emailVerified).toBeNull();
  });
});

describe('password reset', () => {
  it('answers the same to a known and an unknown email, and mails only the known one', async () => {
    const { request } = await identity.signUp();
    const stranger = uniqueEmail();
    const known = await identity.call('POST', '/api/password-reset', { json: { email: request.email } });
    const unknown = await identity.call('POST', '/api/password-reset', { json: { email: stranger } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(unknown.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    const headersOf = (h: Headers) => [...h.entries()].filter(([k]) => k !== 'date' && k !== 'x-request-id');
    expect(headersOf(unknown.headers)).toEqual(headersOf(known.headers));
    await identity.mailsTo(request.email, 2); // verification, then reset
    expect(await identity.catcher.list(stranger)).toEqual([]);
  });

  it('sets the password with a single-use link, signs every other session out and this one in', async () => {
    const { user, request, token: firstSession } = await identity.signUp();
    const second = await logIn(request.email, request.password);
    expect(await sessionCount(user.id)).toBe(2);
    const token = await resetTokenFor(request.email, 2);

    // Signup's rules: a common password is refused, and the link stays usable.
    const weak = await identity.call('POST', '/api/password-reset/confirm', {
      json: { token, password: 'password123' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.field).toBe('password');

    const confirmed = await identity.call('POST', '/api/password-reset/confirm', {
      json: { token, password: NEW_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.id).toBe(user.id);
    expect(confirmed.sessionToken).toBeDefined();
    // The two old sessions are gone (each with its SessionRevoked); the new one is the only one.
    expect(await sessionCount(user.id)).toBe(1);
    for (const old of [firstSession, second.sessionToken ?? '']) {
      await identity.waitForPublished(
        'SessionRevoked',
        (d) => d.sessionId === sessionIdOf(old) && d.reason === 'password-changed',
      );
    }
    expect((await logIn(request.email, request.password)).status).toBe(401);
    expect((await logIn(request.email, NEW_PASSWORD)).status).toBe(200);

    // Single use.
    const again = await identity.call('POST', '/api/password-reset/confirm', {
      json: { token, password: 'yet another passphrase' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect((await logIn(request.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a newer link replaces the older: only the latest mail resets the password', async () => {
    const { request } = await identity.signUp();
    const older = await resetTokenFor(request.email, 2);
    const newer = await resetTokenFor(request.email, 3);
    expect(newer).not.toBe(older);
    const stale = await identity.call('POST', '/api/password-reset/confirm', {
      json: { token: older, password: NEW_PASSWORD },
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect((await logIn(request.email, request.password)).status).toBe(200);
    const latest = await identity.call('POST', '/api/password-reset/confirm', {
      json: { token: newer, password: NEW_PASSWORD },
    });
    expect(latest.status).toBe(200);
    expect((await logIn(request.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const { request } = await identity.signUp();
    const token = await resetTokenFor(request.email, 2);
    const [row] = await identity.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 60 AS minutes FROM account_tokens WHERE token_hash = $1`,
      [sessionIdOf(token)],
    );
    expect(Number(row?.minutes)).toBeGreaterThan(59);
    expect(Number(row?.minutes)).toBeLessThanOrEqual(60);
    await identity.query(
      `UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [sessionIdOf(token)],
    );
    const res = await identity.call('POST', '/api/password-reset/confirm', {
      json: { token, password: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect((await logIn(request.email, request.password)).status).toBe(200);
  });
});

describe('changing the password and signing out everywhere', () => {
  it('PUT /api/user/password checks the current password and signs out every other session', async () => {
    const { user, request, token } = await identity.signUp();
    const other = await logIn(request.email, request.password);
    const wrong = await identity.call('PUT', '/api/user/password', {
      userId: user.id,
      token,
      json: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong, field: 'currentPassword' });
    const changed = await identity.call('PUT', '/api/user/password', {
      userId: user.id,
      token,
      json: { currentPassword: request.password, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const [kept] = await identity.query<{ sid: string }>(
      `SELECT sid FROM sessions WHERE sess->>'userId' = $1`,
      [user.id],
    );
    expect(kept?.sid).toBe(sessionIdOf(token));
    await identity.waitForPublished(
      'SessionRevoked',
      (d) => d.sessionId === sessionIdOf(other.sessionToken ?? ''),
    );
    expect((await logIn(request.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('POST /api/logout-all ends every session of the user, this one too', async () => {
    const { user, request, token } = await identity.signUp();
    await logIn(request.email, request.password);
    const bystander = await identity.signUp();
    const res = await identity.call('POST', '/api/logout-all', { userId: user.id, token, json: {} });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/sid=;/);
    expect(await sessionCount(user.id)).toBe(0);
    expect(await sessionCount(bystander.user.id)).toBe(1);
    await identity.waitForPublished(
      'SessionRevoked',
      (d) => d.userId === user.id && d.reason === 'logout-all',
    );
    expect(
      identity.published.filter(
        (e) => e.type === 'SessionRevoked' && (e.data as { userId: string }).userId === user.id,
      ),
    ).toHaveLength(2);
  });
});

describe('the mail outbox', () => {
  it('retries a failed send and sends one mail per event', async () => {
    let failures = 1;
    const flaky = await startIdentity({
      mailer: (url) => {
        const smtp = createSmtpMailer(url);
        return {
          async send(mail) {
            if (failures-- > 0) throw new Error('SMTP server said no');
            await smtp.send(mail);
          },
          close: () => smtp.close(),
        };
      },
    });
    try {
      const { request } = await flaky.signUp();
      const mails = await flaky.mailsTo(request.email);
      expect(mails).toHaveLength(1);
      // The catcher keeps the mail before the sender hears it was accepted and marks it sent.
      const row = await waitFor(
        async () => {
          const [sent] = await flaky.query<{ attempts: number; sent_at: Date | null; text_body: string }>(
            'SELECT attempts, sent_at, text_body FROM mail_outbox WHERE sent_at IS NOT NULL',
          );
          return sent;
        },
        10_000,
        'the mail to be marked sent',
      );
      expect(row?.attempts).toBe(2);
      expect(row?.sent_at).not.toBeNull();
      // A sent mail keeps no link.
      expect(row?.text_body).toBe('');
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // past a poll: nothing more is sent
      expect(await flaky.catcher.list(request.email)).toHaveLength(1);
    } finally {
      await flaky.stop();
    }
  });

  it('lists the caught mails at GET /api/dev/mail in development only', async () => {
    const { request } = await identity.signUp();
    await identity.mailsTo(request.email);
    const res = await identity.call('GET', `/api/dev/mail?to=${encodeURIComponent(request.email)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        to: request.email,
        subject: 'Confirm your email for Waco Commons',
        text: expect.any(String),
        html: expect.stringContaining('<html'),
        receivedAt: expect.any(String),
      },
    ]);
    const production = await startIdentity({ production: true });
    try {
      expect((await production.call('GET', '/api/dev/mail')).status).toBe(404);
    } finally {
      await production.stop();
    }
  });
});
