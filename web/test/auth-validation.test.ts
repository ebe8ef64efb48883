import { LoginRequest, MESSAGES } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { validateLogin, validateProfile, validateSignup } from '../src/features/auth/validation';

describe('the auth forms check the email as the server does', () => {
  it.each(['ada@example.com', '  ada.lovelace+waco@mail.example.org ', 'x@y.co'])('accepts %j', (email) => {
    expect(validateLogin({ email, password: 'secret' })).toEqual({});
    expect(LoginRequest.safeParse({ email, password: 'secret' }).success).toBe(true);
  });

  it.each([
    '',
    'ada',
    'ada@',
    'ada@example',
    'ada@example.c',
    'ada lovelace@example.com',
    'ada@@example.com',
  ])('refuses %j with the form wording', (email) => {
    expect(validateLogin({ email, password: 'secret' }).email).toBe(MESSAGES.emailInvalidForm);
    expect(LoginRequest.safeParse({ email, password: 'secret' }).success).toBe(false);
  });

  it('asks for every sign-up field', () => {
    expect(
      validateSignup({ firstName: ' ', lastName: '', email: 'ada@example.com', password: 'short' }),
    ).toEqual({
      firstName: MESSAGES.firstNameRequired,
      lastName: MESSAGES.lastNameRequired,
      password: MESSAGES.passwordTooShort,
    });
  });
});

describe('the name fields show what the server would refuse, before sending', () => {
  it('names a hidden character or a word mixing alphabets under its field', () => {
    expect(
      validateSignup({
        firstName: 'Ann\u202e',
        lastName: '\u0410l\u0456\u0441\u0435',
        email: 'ada@example.com',
        password: 'long enough',
      }),
    ).toEqual({
      firstName: 'First name must not contain text-direction controls (U+202E)',
      lastName: 'Last name mixes Latin and Cyrillic letters in one word: write each word in one alphabet',
    });
    expect(
      validateSignup({
        firstName: 'José',
        lastName: 'Пьер',
        email: 'ada@example.com',
        password: 'long enough',
      }),
    ).toEqual({});
  });

  it('checks a bio and a location as the server does: lines in a bio, none in a location', () => {
    const names = { firstName: 'Ann', lastName: 'Lee' };
    expect(validateProfile({ ...names, bio: 'Line one\nLine two', location: 'Downtown' })).toEqual({});
    expect(validateProfile({ ...names, bio: 'Hi\u200b', location: 'Down\ntown' })).toEqual({
      bio: 'Bio must not contain invisible characters (U+200B)',
      location: 'Location must be on one line',
    });
  });
});
