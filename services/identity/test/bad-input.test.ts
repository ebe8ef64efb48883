import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, startIdentity } from './harness';

// Every route that reads input, with every kind of bad input: each answer is a 4xx with a
// message, never a 500, and nothing is written.

let identity: Identity;
let userId: string;
beforeAll(async () => {
  identity = await startIdentity();
  userId = (await identity.signUp()).user.id;
});
afterAll(async () => {
  await identity?.stop();
});

const OVER_1_MB = JSON.stringify({ firstName: 'x'.repeat(1_100_000), lastName: 'y' });

interface BadRequest {
  raw?: string;
  json?: unknown;
  contentType?: string;
}

const bodyCases: Record<string, BadRequest> = {
  'malformed JSON': { raw: '{"email": "a@b.c", "password":', contentType: 'application/json' },
  'an empty JSON body': { raw: '', contentType: 'application/json' },
  'a JSON array': { json: [] },
  'a JSON string': { json: 'hello' },
  'JSON null': { raw: 'null', contentType: 'application/json' },
  'wrong types': { json: { firstName: 1, lastName: ['x'], email: true, password: { a: 1 }, bio: 3 } },
  'missing fields': { json: {} },
  'unknown fields': {
    json: {
      firstName: 'A',
      lastName: 'B',
      email: 'unknown-field@example.com',
      password: 'long enough password',
      isVerified: true,
    },
  },
  'a body over 1 MB': { raw: OVER_1_MB, contentType: 'application/json' },
  'a form instead of JSON': {
    raw: 'email=a%40b.c&password=x',
    contentType: 'application/x-www-form-urlencoded',
  },
  'plain text': { raw: 'hello', contentType: 'text/plain' },
};

const bodyRoutes: Array<{ method: string; path: string; signedIn?: boolean; acceptsEmpty?: boolean }> = [
  { method: 'POST', path: '/api/signup' },
  { method: 'POST', path: '/api/login' },
  { method: 'PUT', path: '/api/user/profile', signedIn: true },
  // Takes no payload: only an empty object (or nothing) is accepted.
  { method: 'POST', path: '/api/dev/login-test-user', acceptsEmpty: true },
];

describe.each(bodyRoutes)('$method $path', (route) => {
  it.each(Object.entries(bodyCases))(
    'answers %s with a 4xx and a message, writing nothing',
    async (name, bad) => {
      // {} or nothing at all (which Fastify reads as null) is the valid payload there.
      if (route.acceptsEmpty && (name === 'missing fields' || name === 'JSON null')) return;
      const before = await identity.counts();
      const profileBefore = (await identity.call('GET', '/api/user', { userId })).body;
      const res = await identity.call(route.method, route.path, {
        ...bad,
        userId: route.signedIn ? userId : undefined,
      });
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
      expect(res.body.message.length).toBeGreaterThan(0);
      expect(await identity.counts()).toEqual(before);
      // The profile itself (not the answer's headers: their Date may tick over in between).
      expect((await identity.call('GET', '/api/user', { userId })).body).toEqual(profileBefore);
    },
  );
});

describe('specific answers', () => {
  it('names the unknown field', async () => {
    const res = await identity.call('POST', '/api/signup', { json: bodyCases['unknown fields']?.json });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('isVerified');
    expect(res.body.field).toBe('isVerified');
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await identity.call('PUT', '/api/user/profile', {
      raw: OVER_1_MB,
      contentType: 'application/json',
      userId,
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is larger than 1 MB' });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await identity.call('POST', '/api/login', { raw: '{', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Malformed JSON body/);
  });
});

describe('params and headers', () => {
  it.each([
    ['/api/users/not-a-uuid', 400],
    ['/api/users/12345', 400],
    [`/api/users/${'0'.repeat(99)}`, 400],
    // Past the router's 100-character limit on a parameter.
    [`/api/users/${'a'.repeat(500)}`, 414],
    [`/internal/sessions/${'a'.repeat(300)}`, 414],
  ])('GET %s answers %i with a message', async (path, status) => {
    const res = await identity.call('GET', path);
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it.each([
    ['GET', '/api/user', undefined],
    ['PUT', '/api/user/profile', { firstName: 'A', lastName: 'B' }],
  ])('%s %s answers 401 for an x-user-id that is not a uuid', async (method, path, json) => {
    const res = await identity.call(method, path, { userId: "' OR 1=1 --", json });
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('an unknown route answers 404 JSON', async () => {
    const res = await identity.call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('NUL and lone surrogates', () => {
  const signup = { firstName: 'Ada', lastName: 'Lovelace', password: 'correct horse battery' };
  const profile = { firstName: 'Ada', lastName: 'Lovelace', bio: 'Hi', location: 'Waco' };
  it.each([
    [
      'POST',
      '/api/signup',
      'firstName',
      { ...signup, email: 'nul-first@example.com', firstName: 'A\u0000da' },
    ],
    [
      'POST',
      '/api/signup',
      'lastName',
      { ...signup, email: 'nul-last@example.com', lastName: 'Love\ud800lace' },
    ],
    ['POST', '/api/signup', 'email', { ...signup, email: 'nul\u0000@example.com' }],
    [
      'POST',
      '/api/signup',
      'password',
      { ...signup, email: 'pw@example.com', password: 'correct horse\u0000' },
    ],
    ['POST', '/api/login', 'password', { email: 'someone@example.com', password: 'pass\udc00word' }],
    ['PUT', '/api/user/profile', 'bio', { ...profile, bio: 'I love \ud83d' }],
    ['PUT', '/api/user/profile', 'location', { ...profile, location: 'Wa\u0000co' }],
    ['PUT', '/api/user/profile', 'firstName', { ...profile, firstName: '\udc00' }],
  ])('%s %s refuses a broken %s with a 400 naming it, writing nothing', async (method, path, field, json) => {
    const before = await identity.counts();
    const profileBefore = (await identity.call('GET', '/api/user', { userId })).body;
    const res = await identity.call(method, path, {
      json,
      userId: path === '/api/user/profile' ? userId : undefined,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(new RegExp(`^${field} `)), field });
    expect(await identity.counts()).toEqual(before);
    expect((await identity.call('GET', '/api/user', { userId })).body).toEqual(profileBefore);
  });

  it('GET /api/users/{id} refuses a NUL in the id with a 400', async () => {
    const res = await identity.call('GET', '/api/users/a%00b');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('id');
  });

  it('keeps emoji, flags and ZWJ sequences in a profile', async () => {
    const bio = 'Baker 🧁 from 🇺🇸, family 👩‍👩‍👧, café';
    const res = await identity.call('PUT', '/api/user/profile', { json: { ...profile, bio }, userId });
    expect(res.status).toBe(200);
    expect(res.body.bio).toBe(bio);
  });
});
