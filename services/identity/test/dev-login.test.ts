import { MESSAGES } from '@waco/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoDevLogIn, type Identity, startIdentity } from './harness';

// The dev sign-in exists only where development is explicit, and signs in
// only as an account no person can own.

describe('without explicit development (NODE_ENV unset, "test", or anything but "development")', () => {
  it('POST /api/dev/login-test-user does not exist: 404, nobody created, no cookie', async () => {
    const identity = await startIdentity({ development: false });
    try {
      await expectNoDevLogIn(identity);
    } finally {
      await identity.stop();
    }
  });
});

describe('with explicit development', () => {
  let identity: Identity;
  beforeAll(async () => {
    identity = await startIdentity({ development: true });
  });
  afterAll(() => identity?.stop());

  it('signs in as the reserved dev@waco-commons.invalid account, never a registered one', async () => {
    // The address the dev sign-in used before this change: a person may own it.
    const person = await identity.signUp({ email: 'test.user@example.com' });
    const res = await identity.call('POST', '/api/dev/login-test-user');
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('dev@waco-commons.invalid');
    expect(res.body.id).not.toBe(person.user.id);
  });

  it.each(['dev@waco-commons.invalid', 'DEV@Waco-Commons.INVALID', 'someone@anything.invalid'])(
    'signup refuses the reserved address %s with a clear message, writing nothing',
    async (email) => {
      const before = await identity.counts();
      const res = await identity.call('POST', '/api/signup', {
        json: { firstName: 'Eve', lastName: 'Mallory', email, password: 'long enough password' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.emailReserved, field: 'email' });
      expect(res.sessionToken).toBeUndefined();
      expect(await identity.counts()).toEqual(before);
    },
  );
});
