import { PASSWORD_MIN_LENGTH } from './constants';

// Spec section 5, word for word. The web form shows "Please enter a valid email" for the same
// rule; the schema (and so the server) says "Invalid email address". Apart from identity.ts's
// schemas, so that the web app can show them without loading zod.
export const MESSAGES = {
  emailInvalid: 'Invalid email address',
  emailInvalidForm: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  signedOut: 'You are not signed in',
  emailReserved: 'This email address is reserved. Please use your own email address',
  passwordTooCommon: 'Password is too common. Please choose one that is harder to guess',
  passwordIsEmail: 'Password must not be your email address',
} as const;
