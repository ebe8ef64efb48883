import { MESSAGES } from '@waco/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
import { type Identity, startIdentity, uniqueEmail } from './harness';

// A signup with a taken email still says so (the spec's flow signs the person in at once, so
// the answer cannot be a neutral "check your mail"), but it costs the same password hash as a
// new account: the answer's timing tells nothing its words do not. The real hash runs; the spy
// only counts its calls.
vi.mock('../src/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/auth/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

const signup = (email: string, password: string) =>
  identity.call('POST', '/api/signup', { json: { firstName: 'Grace', lastName: 'Hopper', email, password } });

it('hashes the password of a signup whose email is taken, as it does for a new account', async () => {
  const email = uniqueEmail();
  vi.mocked(hashPassword).mockClear();
  expect((await signup(email, 'first good password')).status).toBe(201);
  expect(vi.mocked(hashPassword).mock.calls).toEqual([['first good password']]);

  vi.mocked(hashPassword).mockClear();
  const before = await identity.counts();
  const taken = await signup(email.toUpperCase(), 'second good password');
  expect(taken.status).toBe(409);
  expect(taken.body).toEqual({ message: MESSAGES.emailTaken });
  expect(taken.sessionToken).toBeUndefined();
  expect(vi.mocked(hashPassword).mock.calls).toEqual([['second good password']]);
  expect(await identity.counts()).toEqual(before);
});
