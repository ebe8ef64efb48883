import { describe, expect, it } from 'vitest';
import { sessionIdOf } from '../src/auth/session-token';
import { normalizeEmail } from '../src/domain/email';
import { decideProfileUpdate, type Profile } from '../src/domain/profile';
import { isExpired, newSessionData, SESSION_LIFETIME_MS, sessionExpiry } from '../src/domain/session';

const userId = '0190a8f0-0000-7000-8000-000000000001';
const profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Engines',
  location: 'Waco',
  profileImageUrl: '/objects/a.png',
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
  it('given a profile, when the same values are sent, then nothing happens', () => {
    expect(decideProfileUpdate(userId, profile, { firstName: 'Ada', lastName: 'Lovelace' })).toBeNull();
    expect(decideProfileUpdate(userId, profile, { ...profile })).toBeNull();
  });

  it('given a profile, when names change, then the whole new profile is recorded', () => {
    expect(decideProfileUpdate(userId, profile, { firstName: 'Augusta', lastName: 'King' })).toEqual({
      userId,
      ...profile,
      firstName: 'Augusta',
      lastName: 'King',
    });
  });

  it('given a bio, when it is sent empty or null, then it is cleared; when omitted, then kept', () => {
    expect(
      decideProfileUpdate(userId, profile, { firstName: 'Ada', lastName: 'Lovelace', bio: '' })?.bio,
    ).toBeNull();
    expect(
      decideProfileUpdate(userId, profile, { firstName: 'Ada', lastName: 'Lovelace', location: null })
        ?.location,
    ).toBeNull();
    expect(
      decideProfileUpdate(userId, profile, { firstName: 'Ada', lastName: 'Lovelace', location: 'Austin' }),
    ).toMatchObject({ bio: 'Engines', location: 'Austin', profileImageUrl: '/objects/a.png' });
  });
});
