import { isEmailAddress, MESSAGES, PASSWORD_MIN_LENGTH } from '@waco/contracts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface LoginFields {
  email: string;
  password: string;
}
export interface SignupFields extends LoginFields {
  firstName: string;
  lastName: string;
}

/** "Please enter a valid email", "Password is required". */
export function validateLogin(fields: LoginFields): FieldErrors<keyof LoginFields> {
  const errors: FieldErrors<keyof LoginFields> = {};
  if (!isEmailAddress(fields.email)) errors.email = MESSAGES.emailInvalidForm;
  if (!fields.password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

/** "First name is required", "Last name is required" (signup and Edit Profile). */
export function validateNames(fields: Pick<SignupFields, 'firstName' | 'lastName'>) {
  const errors: FieldErrors<'firstName' | 'lastName'> = {};
  if (!fields.firstName.trim()) errors.firstName = MESSAGES.firstNameRequired;
  if (!fields.lastName.trim()) errors.lastName = MESSAGES.lastNameRequired;
  return errors;
}

/** First and last name required, a valid email, a password of 8 characters or more. */
export function validateSignup(fields: SignupFields): FieldErrors<keyof SignupFields> {
  const errors: FieldErrors<keyof SignupFields> = validateNames(fields);
  if (!isEmailAddress(fields.email)) errors.email = MESSAGES.emailInvalidForm;
  if (fields.password.length < PASSWORD_MIN_LENGTH) errors.password = MESSAGES.passwordTooShort;
  return errors;
}
