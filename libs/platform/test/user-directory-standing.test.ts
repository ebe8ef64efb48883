import { EmailVerified, ProfileUpdated, UserRegistered } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { testEnvelope } from '../src/testing';
import { userDirectory } from '../src/users/user-directory';
import { schemaPerTest } from './schema-per-test';

// A directory's standing (`{ standing: true }`): when a member signed up and whether they
// verified their email, what the limits per member go by.

const ada = '0193a0b0-0000-7000-8000-0000000000a1';
const bob = '0193a0b0-0000-7000-8000-0000000000b2';
const registered = (userId: string, at: string) =>
  testEnvelope(
    UserRegistered,
    {
      userId,
      email: `${userId}@example.com`,
      firstName: 'Ada',
      lastName: 'L',
      profileImageUrl: null,
      registeredAt: at,
    },
    { occurredAt: at },
  );
const renamed = (userId: string, at: string) =>
  testEnvelope(
    ProfileUpdated,
    { userId, firstName: 'Augusta', lastName: 'L', bio: null, location: null, profileImageUrl: null },
    { occurredAt: at },
  );
const verified = (userId: string, at: string) =>
  testEnvelope(EmailVerified, { userId, verifiedAt: at }, { occurredAt: at });

const schemas = schemaPerTest('standing');
const migrated = schemas.migrated;

describe('user directory standing', () => {
  it('keeps the sign-up time and starts unverified until EmailVerified', async () => {
    const users = userDirectory('users', { standing: true });
    const db = await migrated({ '0001_users': users.migration });
    await users.record(db, registered(ada, '2026-01-01T00:00:00Z'));
    await users.record(db, renamed(ada, '2026-01-05T00:00:00Z'));
    expect(await users.standingOf(db, ada)).toEqual({
      registeredAt: new Date('2026-01-01T00:00:00Z'),
      emailVerified: false,
    });
    await users.record(db, verified(ada, '2026-01-02T00:00:00Z'));
    await users.record(db, verified(ada, '2026-01-02T00:00:00Z'));
    expect((await users.standingOf(db, ada))?.emailVerified).toBe(true);
    expect(await users.standingOf(db, bob)).toBeUndefined();
    // A profile change heard before the sign-up bounds the time; the sign-up then sets it.
    await users.record(db, renamed(bob, '2026-02-03T00:00:00Z'));
    expect((await users.standingOf(db, bob))?.registeredAt).toEqual(new Date('2026-02-03T00:00:00Z'));
    await users.record(db, registered(bob, '2026-02-01T00:00:00Z'));
    expect((await users.standingOf(db, bob))?.registeredAt).toEqual(new Date('2026-02-01T00:00:00Z'));
  });

  it('counts members a table held before as verified, as old as their last change', async () => {
    const plain = userDirectory('users');
    const db = await migrated({ '0001_users': plain.migration });
    await plain.record(db, registered(ada, '2026-01-01T00:00:00Z'));
    await plain.record(db, renamed(ada, '2026-01-04T00:00:00Z'));
    const users = userDirectory('users', { standing: true });
    await schemas.migrate({ '0001_users': plain.migration, '0002_standing': users.migration });
    expect(await users.standingOf(db, ada)).toEqual({
      registeredAt: new Date('2026-01-04T00:00:00Z'),
      emailVerified: true,
    });
    // Members who sign up from then on start unverified.
    await users.record(db, registered(bob, '2026-03-01T00:00:00Z'));
    expect((await users.standingOf(db, bob))?.emailVerified).toBe(false);
  });
});
