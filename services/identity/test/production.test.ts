import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoDevLogIn, type Identity, startIdentity } from './harness';

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity({ production: true });
});
afterAll(async () => {
  await identity?.stop();
});

describe('in production', () => {
  it('POST /api/dev/login-test-user answers 404 and creates nobody', async () => {
    await expectNoDevLogIn(identity);
  });

  it('the session cookie is Secure, and so is its clearing', async () => {
    const { token } = await identity.signUp();
    const signup = await identity.call('POST', '/api/login', {
      json: { email: (await identity.signUp()).request.email, password: 'correct horse battery' },
    });
    const cookie = signup.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    const logout = await identity.call('GET', '/api/logout', { token });
    expect(logout.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/; Secure/);
  });
});
