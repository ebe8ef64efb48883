import { ACCOUNT_MESSAGES, ProfileUpdated, type ProfileUpdateRequest } from '@waco/contracts';
import { newEvent, RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { sessionIdOf } from '../src/auth/session-token';
import { accountDecider, linkUsable, RESET_LINK_LIFETIME_MS } from '../src/domain/account';
import { normalizeEmail } from '../src/domain/email';
import { type Profile, userDecider } from '../src/domain/profile';
import { isExpired, newSessionData, SESSION_LIFETIME_MS, sessionExpiry } from '../src/domain/session';
import { sessionDecider } from '../src/domain/session-revocation';

const userId = '0190a8f0-0000-7000-8000-000000000001';
const profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Engines',
  location: 'Waco',
  profileImageUrl: '/objects/a.png',
  language: 'en',
} satisfies Profile;

describe('email normalisation', () => {
  it('lower-cases and trims, so that emails are unique without regard to case', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('sessions', () => {
  it('last 30 days', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(sessionExpiry(now).toISOString()).toBe('2025-01-31T00:00:00.000Z');
    expect(SESSION_LIFETIME_MS).toBe(30 * 24 * 3600 * 1000);
  });

  it('are refused from the instant they expire', () => {
    const expire = new Date('2025-01-31T00:00:00Z');
    expect(isExpired(expire, new Date('2025-01-30T23:59:59.999Z'))).toBe(false);
    expect(isExpired(expire, expire)).toBe(true);
    expect(isExpired(expire, new Date('2025-02-01T00:00:00Z'))).toBe(true);
  });

  it('are stored under a hash of the token, never the token', () => {
    const token = 'abc';
    expect(sessionIdOf(token)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sessionIdOf(token)).not.toContain(token);
  });

  it('record who, when and from which browser', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(newSessionData(userId, now, 'x'.repeat(2000))).toEqual({
      userId,
      createdAt: '2025-01-01T00:00:00.000Z',
      userAgent: 'x'.repeat(512),
    });
    expect(newSessionData(userId, now, undefined).userAgent).toBeNull();
  });
});

describe('profile update', () => {
  const spec = deciderSpecification(userDecider);
  const given = spec.given([newEvent(ProfileUpdated, { userId, ...profile })]);
  const edit = (request: ProfileUpdateRequest, uploaded = new Set<string>()) =>
    given.when({ type: 'update-profile', userId, request, uploaded });

  it('given a profile, when the same values are sent, then nothing happens', () => {
    edit({ firstName: 'Ada', lastName: 'Lovelace' }).thenNothingHappens();
    edit({ ...profile }).thenNothingHappens();
  });

  it('given a profile, when names change, then the whole new profile is recorded', () => {
    edit({ firstName: 'Augusta', lastName: 'King' }).then([
      newEvent(ProfileUpdated, { userId, ...profile, firstName: 'Augusta', lastName: 'King' }),
    ]);
  });

  it('given a bio, when it is sent empty or null, then it is cleared; when omitted, then kept', () => {
    const recorded = (request: ProfileUpdateRequest) => {
      let data: unknown;
      edit(request).then(([event]) => {
        data = event?.data;
      });
      return data as Profile | undefined;
    };
    expect(recorded({ firstName: 'Ada', lastName: 'Lovelace', bio: '' })?.bio).toBeNull();
    expect(recorded({ firstName: 'Ada', lastName: 'Lovelace', location: null })?.location).toBeNull();
    expect(recorded({ firstName: 'Ada', lastName: 'Lovelace', location: 'Austin' })).toMatchObject({
      bio: 'Engines',
      location: 'Austin',
      profileImageUrl: '/objects/a.png',
    });
  });

  it('given a profile, when a new photo is not one of the user’s uploads, then it is refused', () => {
    const request = { firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: '/objects/b.png' };
    edit(request).thenThrows(RuleBroken, 'must be one you uploaded: /objects/b.png');
    edit(request, new Set(['/objects/b.png'])).then(([event]) =>
      expect(event?.data).toMatchObject({ profileImageUrl: '/objects/b.png' }),
    );
  });

  it('given no registration, when the profile is edited, then the user is not signed in (401)', () => {
    spec
      .given([])
      .when({
        type: 'update-profile',
        userId,
        request: { firstName: 'A', lastName: 'B' },
        uploaded: new Set(),
      })
      .thenThrows(RuleBroken, 'not signed in', (err) => expect(err.statusCode).toBe(401));
  });
});

describe('registration', () => {
  const spec = deciderSpecification(userDecider);
  const now = new Date('2025-01-01T00:00:00Z');
  const command = {
    type: 'register',
    userId,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    language: 'es',
    emailTaken: false,
    now,
  } as const;

  it('given nothing, records UserRegistered without a photo', () => {
    spec
      .given([])
      .when(command)
      .then(([event]) =>
        expect(event?.data).toEqual({
          userId,
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          profileImageUrl: null,
          registeredAt: '2025-01-01T00:00:00.000Z',
          language: 'es',
        }),
      );
  });

  it('refuses an email another user has (409)', () => {
    spec
      .given([])
      .when({ ...command, emailTaken: true })
      .thenThrows(RuleBroken, 'already exists', (err) => expect(err.statusCode).toBe(409));
  });
});

describe('session revocation', () => {
  const spec = deciderSpecification(sessionDecider);
  const sessionId = sessionIdOf('abc');

  it('records SessionRevoked once', () => {
    spec
      .given([])
      .when({ sessionId, userId, reason: 'logout' })
      .then([{ type: 'SessionRevoked', schemaVersion: 1, data: { sessionId, userId, reason: 'logout' } }]);
    spec
      .given([{ type: 'SessionRevoked', data: {} }])
      .when({ sessionId, userId, reason: 'logout' })
      .thenNothingHappens();
  });
});

describe('the account decider', () => {
  const spec = deciderSpecification(accountDecider);
  const registered = { type: 'UserRegistered', data: { userId } };
  const now = new Date('2026-05-01T10:00:00.000Z');

  it('records a verification link, and refuses one once the email is verified', () => {
    spec
      .given([registered])
      .when({ type: 'request-verification', userId, expiresAt: now })
      .then([
        {
          type: 'EmailVerificationRequested',
          schemaVersion: 1,
          data: { userId, expiresAt: now.toISOString() },
        },
      ]);
    spec
      .given([registered, { type: 'EmailVerified', data: { userId } }])
      .when({ type: 'request-verification', userId, expiresAt: now })
      .thenThrows(RuleBroken, ACCOUNT_MESSAGES.alreadyVerified);
  });

  it('verifies once; a second verification records nothing', () => {
    spec
      .given([registered])
      .when({ type: 'verify-email', userId, now })
      .then([{ type: 'EmailVerified', schemaVersion: 1, data: { userId, verifiedAt: now.toISOString() } }]);
    spec
      .given([registered, { type: 'EmailVerified', data: { userId } }])
      .when({ type: 'verify-email', userId, now })
      .thenNothingHappens();
  });

  it('records a password change without the password, and refuses a user who does not exist', () => {
    spec
      .given([registered])
      .when({ type: 'change-password', userId, via: 'reset', now })
      .then([
        {
          type: 'PasswordChanged',
          schemaVersion: 1,
          data: { userId, via: 'reset', changedAt: now.toISOString() },
        },
      ]);
    spec.given([]).when({ type: 'request-password-reset', userId, expiresAt: now }).thenThrows(RuleBroken);
  });

  it('a link is usable until it expires, and once', () => {
    const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
    expect(linkUsable({ expires_at: expiresAt, used_at: null }, now)).toBe(true);
    expect(linkUsable({ expires_at: expiresAt, used_at: now }, now)).toBe(false);
    expect(linkUsable({ expires_at: expiresAt, used_at: null }, expiresAt)).toBe(false);
  });
});
