import { api } from '../../../api/client';
import type { LoginFields, SignupFields } from '../validation';

/** Signs in with the form's email (trimmed) and password. */
export const logIn = (fields: LoginFields) =>
  api.call('logIn', { body: { email: fields.email.trim(), password: fields.password } });

/** Creates the account from the form's fields (names and email trimmed). */
export const signUp = (fields: SignupFields) =>
  api.call('signUp', {
    body: {
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      email: fields.email.trim(),
      password: fields.password,
    },
  });
