import { MESSAGES, SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, startIdentity, uniqueEmail } from './harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const validSignup = () => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail(),
  password: 'long enough password',
});

describe('POST /api/signup', () => {
  it('creates the user, signs them in at once, and answers the current user', async () => {
    const request = { ...validSignup(), email: `  Grace.${Date.now()}@Example.COM ` };
    const res = await identity.call('POST', '/api/signup', { json: request });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: request.email.trim().toLowerCase(),
      isVerified: false,
      reputationScore: 0,
      followersCount: 0,
      followingCount: 0,
      postsCount: 0,
      bio: null,
      phone: null,
      emailVerified: null,
    });
    expect(res.sessionToken).toBeTruthy();

    const session = await identity.call('GET', `/internal/sessions/${res.sessionToken}`);
    expect(session.status).toBe(200);
    expect(session.body.userId).toBe(res.body.id);

    const me = await identity.call('GET', '/api/user', { userId: res.body.id });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it('sets an HttpOnly, SameSite=Lax cookie on /, not Secure outside production, for 30 days', async () => {
    const res = await identity.call('POST', '/api/signup', { json: validSignup() });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('sets beside it the hint the web app reads (not HttpOnly, no secret), for as long', async () => {
    const res = await identity.call('POST', '/api/signup', { json: validSignup() });
    const hint = res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/; Max-Age=2592000/);
  });

  it('stores an argon2id hash apart from users, and no secret in events or sessions', async () => {
    const { user, token, request } = await identity.signUp();
    const [credentials] = await identity.query<{ password_hash: string }>(
      'SELECT password_hash FROM credentials WHERE user_id = $1',
      [user.id],
    );
    expect(credentials?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const events = await identity.query<{ data: unknown }>('SELECT data FROM events');
    const sessions = await identity.query<{ sid: string; sess: unknown }>('SELECT sid, sess FROM sessions');
    const stored = JSON.stringify({ events, sessions });
    expect(stored).not.toContain(request.password);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('argon2');
  });

  it('publishes UserRegistered with the public names and the email', async () => {
    const { user, request } = await identity.signUp({ firstName: 'Katherine', lastName: 'Johnson' });
    const event = await identity.waitForPublished('UserRegistered', (d) => d.userId === user.id);
    expect(event.streamId).toBe(`user-${user.id}`);
    // Personal fields travel sealed with the user's key; opened, they are the request's.
    expect(event.data).toMatchObject({ email: expect.stringMatching(/^enc:v1:/) });
    const opened = await identity.running.personalData?.openOne(event);
    expect(opened?.data).toEqual({
      userId: user.id,
      email: request.email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      profileImageUrl: null,
      registeredAt: expect.any(String),
      // No lang cookie nor Accept-Language: English.
      language: 'en',
    });
  });

  it('refuses an email already taken in another case with 409, writing nothing', async () => {
    const { request } = await identity.signUp({ email: `Taken.${Date.now()}@example.com` });
    const before = await identity.counts();
    const res = await identity.call('POST', '/api/signup', {
      json: { ...validSignup(), email: request.email.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: MESSAGES.emailTaken });
    expect(await identity.counts()).toEqual(before);
  });

  it('settles two simultaneous sign-ups with one email: one account, one 409', async () => {
    const email = uniqueEmail();
    const [a, b] = await Promise.all([
      identity.call('POST', '/api/signup', { json: { ...validSignup(), email } }),
      identity.call('POST', '/api/signup', { json: { ...validSignup(), email: email.toUpperCase() } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const rows = await identity.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['first name missing', { firstName: undefined }, MESSAGES.firstNameRequired, 'firstName'],
    ['first name empty', { firstName: '' }, MESSAGES.firstNameRequired, 'firstName'],
    ['first name blank', { firstName: '   ' }, MESSAGES.firstNameRequired, 'firstName'],
    ['last name missing', { lastName: undefined }, MESSAGES.lastNameRequired, 'lastName'],
    ['last name empty', { lastName: '' }, MESSAGES.lastNameRequired, 'lastName'],
    ['email invalid', { email: 'not-an-email' }, 'Invalid email address', 'email'],
    ['email missing', { email: undefined }, 'Invalid email address', 'email'],
    ['password short', { password: 'seven77' }, 'Password must be at least 8 characters', 'password'],
    ['password missing', { password: undefined }, 'Password must be at least 8 characters', 'password'],
  ])('answers 400 with the spec message when the %s', async (_case, change, message, field) => {
    const before = await identity.counts();
    const res = await identity.call('POST', '/api/signup', { json: { ...validSignup(), ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await identity.counts()).toEqual(before);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password, whatever the case of the email', async () => {
    const { user, request } = await identity.signUp();
    const res = await identity.call('POST', '/api/login', {
      json: { email: request.email.toUpperCase(), password: request.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    const session = await identity.call('GET', `/internal/sessions/${res.sessionToken}`);
    expect(session.body.userId).toBe(user.id);
  });

  it('answers one 401 message for a wrong password and for an unknown email', async () => {
    const { request } = await identity.signUp();
    const wrongPassword = await identity.call('POST', '/api/login', {
      json: { email: request.email, password: 'not the password' },
    });
    const unknownEmail = await identity.call('POST', '/api/login', {
      json: { email: uniqueEmail(), password: request.password },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: MESSAGES.badCredentials });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.sessionToken).toBeUndefined();
    expect(unknownEmail.sessionToken).toBeUndefined();
  });

  it('does not let anyone sign in as the password-less test user', async () => {
    await identity.call('POST', '/api/dev/login-test-user');
    const res = await identity.call('POST', '/api/login', {
      json: { email: 'dev@waco-commons.invalid', password: 'anything at all' },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.badCredentials });
  });

  it.each([
    ['email invalid', { email: 'nope' }, 'Invalid email address', 'email'],
    ['email missing', { email: undefined }, 'Invalid email address', 'email'],
    ['password empty', { password: '' }, 'Password is required', 'password'],
    ['password missing', { password: undefined }, 'Password is required', 'password'],
  ])('answers 400 with the spec message when the %s', async (_case, change, message, field) => {
    const res = await identity.call('POST', '/api/login', {
      json: { email: 'someone@example.com', password: 'whatever', ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
  });
});

describe('navigations and the current user', () => {
  it('GET /api/login redirects to /auth', async () => {
    const res = await identity.call('GET', '/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });

  it('GET /api/user answers 401 with a message when signed out', async () => {
    const res = await identity.call('GET', '/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.signedOut });
  });

  it('GET /api/user answers 401 for a user id that is not a uuid or names nobody', async () => {
    expect((await identity.call('GET', '/api/user', { userId: 'not-a-uuid' })).status).toBe(401);
    const nobody = await identity.call('GET', '/api/user', {
      userId: '0190a8f0-0000-7000-8000-000000000000',
    });
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual({ message: MESSAGES.signedOut });
  });

  it('POST /api/dev/login-test-user signs in one fixed test user, created on first call', async () => {
    const first = await identity.call('POST', '/api/dev/login-test-user');
    const second = await identity.call('POST', '/api/dev/login-test-user', { json: {} });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(first.body).toMatchObject({
      email: 'dev@waco-commons.invalid',
      firstName: 'Test',
      lastName: 'User',
    });
    expect(first.sessionToken).not.toBe(second.sessionToken);
    const session = await identity.call('GET', `/internal/sessions/${second.sessionToken}`);
    expect(session.body.userId).toBe(first.body.id);
  });
});
