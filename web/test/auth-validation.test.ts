import { LoginRequest, MESSAGES } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { validateLogin, validateSignup } from '../src/features/auth/validation';

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
