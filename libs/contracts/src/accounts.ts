// Account recovery and trust: email verification, password reset and change, signing out
// everywhere, and the mails that carry their links. Identity produces these events.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { PASSWORD_MIN_LENGTH } from './constants';
import { streamEvent } from './envelope';

export const ACCOUNT_MESSAGES = {
  resetRequested: 'If an account uses this email, a link to choose a new password is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  verificationSent: 'A new verification link is on its way.',
  alreadyVerified: 'Your email address is already verified',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Your password has been changed.',
} as const;

/** A link's token as the mail carries it: 43 base64url characters (32 random bytes). */
const LinkToken = z
  .string({ error: ACCOUNT_MESSAGES.resetLinkInvalid })
  .min(1, ACCOUNT_MESSAGES.resetLinkInvalid)
  .max(100, ACCOUNT_MESSAGES.resetLinkInvalid);

const NewPassword = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password is at most 200 characters');

export const VerifyEmailQuery = z.object({ token: LinkToken });

export const PasswordResetRequest = z.strictObject({
  email: z.string({ error: 'Invalid email address' }).trim().max(254).pipe(z.email('Invalid email address')),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const PasswordResetConfirmRequest = z.strictObject({ token: LinkToken, password: NewPassword });
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

export const ChangePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(200),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The same answer for every reset request, known email or not. */
export const AcceptedResponse = z.object({ message: z.string() });

/** A mail the development mail catcher received (`GET /api/dev/mail`). */
export const CaughtMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  receivedAt: Timestamp,
});
export const DevMailQuery = z.object({ to: z.string().max(254).optional() });

/** An event of a user's stream: their id, and its own fields. */
const userEvent = streamEvent('identity', { userId: Uuid });

/** A verification link was issued (at signup, or "Resend"); the mail outbox holds the link. */
export const EmailVerificationRequested = userEvent('EmailVerificationRequested', { expiresAt: Timestamp });
export const EmailVerified = userEvent('EmailVerified', { verifiedAt: Timestamp });
/** A reset link was issued for a known account; its token is stored hashed, never in the event. */
export const PasswordResetRequested = userEvent('PasswordResetRequested', { expiresAt: Timestamp });
/** The hash itself never leaves `credentials`. */
export const PasswordChanged = userEvent('PasswordChanged', {
  via: z.enum(['reset', 'change']),
  changedAt: Timestamp,
});
export const accountEvents = [
  EmailVerificationRequested,
  EmailVerified,
  PasswordResetRequested,
  PasswordChanged,
] as const;
