import {
  BLOCK_TEXT,
  type DisplayTextRules,
  displayTextMessage,
  displayTextProblem,
  isEmailAddress,
  LINE_TEXT,
  MESSAGES,
  NAME_TEXT,
  PASSWORD_MIN_LENGTH,
} from '@waco/contracts';
import { serverText } from '../../i18n/server-text';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

// The sentences are the server's (the spec's English): each is shown in the reader's language
// through the server's catalogue, as the server's own refusal of the same text would be.

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
  if (!isEmailAddress(fields.email)) errors.email = serverText(MESSAGES.emailInvalidForm);
  if (!fields.password) errors.password = serverText(MESSAGES.passwordRequired);
  return errors;
}

/** The server's sentence for text it would refuse under `rules` (a hidden character...), if any. */
function displayTextError(label: string, text: string, rules: DisplayTextRules) {
  const problem = displayTextProblem(text.trim(), rules);
  return problem ? serverText(displayTextMessage(label, problem)) : undefined;
}

/**
 * "First name is required", "Last name is required", or what the server would refuse in them
 * (a text-direction control, an invisible character, a word mixing alphabets): signup and Edit Profile.
 */
export function validateNames(fields: Pick<SignupFields, 'firstName' | 'lastName'>) {
  const errors: FieldErrors<'firstName' | 'lastName'> = {};
  const firstName = fields.firstName.trim()
    ? displayTextError('First name', fields.firstName, NAME_TEXT)
    : serverText(MESSAGES.firstNameRequired);
  const lastName = fields.lastName.trim()
    ? displayTextError('Last name', fields.lastName, NAME_TEXT)
    : serverText(MESSAGES.lastNameRequired);
  if (firstName) errors.firstName = firstName;
  if (lastName) errors.lastName = lastName;
  return errors;
}

export interface ProfileFields extends Pick<SignupFields, 'firstName' | 'lastName'> {
  bio: string;
  location: string;
}

/** Edit Profile: the names as at signup, and a bio and a location the server would take. */
export function validateProfile(fields: ProfileFields): FieldErrors<keyof ProfileFields> {
  const errors: FieldErrors<keyof ProfileFields> = validateNames(fields);
  const bio = displayTextError('Bio', fields.bio, BLOCK_TEXT);
  const location = displayTextError('Location', fields.location, LINE_TEXT);
  if (bio) errors.bio = bio;
  if (location) errors.location = location;
  return errors;
}

/** First and last name required, a valid email, a password of 8 characters or more. */
export function validateSignup(fields: SignupFields): FieldErrors<keyof SignupFields> {
  const errors: FieldErrors<keyof SignupFields> = validateNames(fields);
  if (!isEmailAddress(fields.email)) errors.email = serverText(MESSAGES.emailInvalidForm);
  if (fields.password.length < PASSWORD_MIN_LENGTH) errors.password = serverText(MESSAGES.passwordTooShort);
  return errors;
}
