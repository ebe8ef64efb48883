import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, startIdentity, uniqueEmail } from './harness';

// A name hides no text-direction control, invisible character or line break,
// and no word of it mixes look-alike alphabets ("Аlісе" with Cyrillic А, і, с, е); a bio keeps
// its lines but hides nothing either. Each refusal is a 400 naming the field, and writes nothing.

let identity: Identity;
let userId: string;
beforeAll(async () => {
  identity = await startIdentity();
  userId = (await identity.signUp()).user.id;
});
afterAll(() => identity?.stop());

const CYRILLIC_ALICE = '\u0410l\u0456\u0441\u0435';
const signup = (names: { firstName?: string; lastName?: string }) =>
  identity.call('POST', '/api/signup', {
    json: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: 'correct horse battery',
      ...names,
    },
  });
const profile = (fields: Record<string, string>) =>
  identity.call('PUT', '/api/user/profile', {
    userId,
    json: { firstName: 'Ann', lastName: 'Lee', ...fields },
  });

describe('signup', () => {
  it.each([
    ['firstName', 'Ann\u202e', 'First name must not contain text-direction controls (U+202E)'],
    ['firstName', 'Al\u200bice', 'First name must not contain invisible characters (U+200B)'],
    ['lastName', 'Lee\u2066', 'Last name must not contain text-direction controls (U+2066)'],
    ['lastName', 'Le\ufeffe', 'Last name must not contain invisible characters (U+FEFF)'],
    ['firstName', 'Ann\r\nAdmin', 'First name must be on one line'],
    [
      'firstName',
      CYRILLIC_ALICE,
      'First name mixes Latin and Cyrillic letters in one word: write each word in one alphabet',
    ],
  ])('refuses %s %j with a 400 naming it, creating nobody', async (field, value, message) => {
    const before = await identity.counts();
    const res = await signup({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(res.sessionToken).toBeUndefined();
    expect(await identity.counts()).toEqual(before);
  });

  it('accepts names in one alphabet per word, and emoji with their joiners', async () => {
    for (const names of [
      { firstName: 'Сергей', lastName: 'Иванов' },
      { firstName: 'José María', lastName: "O'Brien-Núñez" },
      { firstName: 'Jean Пьер', lastName: '山田' },
      { firstName: 'Sam 👩\u200d👩\u200d👧', lastName: 'می\u200cخواهم' },
    ]) {
      const res = await signup(names);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject(names);
    }
  });
});

describe('profile', () => {
  it.each([
    ['firstName', CYRILLIC_ALICE, /^First name mixes Latin and Cyrillic/],
    ['lastName', 'Lee\u200d', /^Last name must not contain invisible characters \(U\+200D\)$/],
    ['bio', 'Hello\u202e', /^Bio must not contain text-direction controls \(U\+202E\)$/],
    ['bio', 'Hello\u2060there', /^Bio must not contain invisible characters \(U\+2060\)$/],
    ['location', 'Down\ntown', /^Location must be on one line$/],
    ['location', 'Down\u200btown', /^Location must not contain invisible characters/],
  ])('refuses %s %j with a 400 naming it, changing nothing', async (field, value, message) => {
    const before = await identity.counts();
    const shown = (await identity.call('GET', '/api/user', { userId })).body;
    const res = await profile({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toMatch(message);
    expect(await identity.counts()).toEqual(before);
    expect((await identity.call('GET', '/api/user', { userId })).body).toEqual(shown);
  });

  it('keeps the lines of a bio', async () => {
    const res = await profile({ bio: 'Woodworker.\nLikes oak.', location: 'Sanger Heights' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bio: 'Woodworker.\nLikes oak.', location: 'Sanger Heights' });
  });
});
