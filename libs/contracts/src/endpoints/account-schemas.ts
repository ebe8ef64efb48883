import { z } from 'zod';
import {
  AcceptedResponse,
  CaughtMail,
  ChangePasswordRequest,
  DevMailQuery,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  VerifyEmailQuery,
} from '../accounts';
import { CurrentUser, UserIdParams } from '../identity';
import { DeleteAccountRequest, UserKey } from '../personal-data';

/** A POST that takes no payload (as schemas.ts's NoBody). */
const Empty = z.strictObject({}).nullish();
const Accepted = { 202: AcceptedResponse };

// The schemas of account-routes.ts's endpoints: part of ENDPOINT_SCHEMAS, under the same names.
// biome-ignore format: one endpoint a line reads as a table
/** A service's part of an account export (export-routes.ts). */
const exportPart = {
  summary: "What one service holds about a user, by section (services only: the gateway's export)",
  params: UserIdParams,
  answer: 'JSON: each section a list of rows',
} as const;

export const ACCOUNT_SCHEMAS = {
  verifyEmail: {
    summary: "Verify an account's email from the mailed link",
    query: VerifyEmailQuery,
    answer: 'A redirect into the app, whose toast says how it went',
  },
  resendVerification: { summary: 'Mail a new email verification link', body: Empty, response: Accepted },
  // The same answer, after the same work, whether the email is known or not.
  requestPasswordReset: {
    summary: 'Mail a password reset link (the same answer for any email)',
    body: PasswordResetRequest,
    response: Accepted,
  },
  confirmPasswordReset: {
    summary: 'Choose a new password with a reset link; ends every other session and signs in',
    body: PasswordResetConfirmRequest,
    response: { 200: CurrentUser },
  },
  // Both end sessions: each SessionRevoked closes that session's live streams in every gateway.
  changePassword: {
    summary: "Change one's password; ends every other session",
    body: ChangePasswordRequest,
    response: { 200: AcceptedResponse },
  },
  logOutEverywhere: {
    summary: 'Sign out every session of the user, this one too',
    body: Empty,
    answer: 'No content',
  },
  devMail: {
    summary: 'The mails the embedded mail catcher received (development only)',
    query: DevMailQuery,
    response: { 200: z.array(CaughtMail) },
  },
  deleteAccount: {
    summary: "Delete one's account and erase its personal data (asks for the password)",
    body: DeleteAccountRequest,
    answer: 'No content',
  },
  exportAccount: {
    summary: 'Everything the app holds about the user, as a JSON download',
    answer: 'A JSON attachment',
  },
  identityExport: exportPart,
  postsExport: exportPart,
  messagingExport: exportPart,
  notificationsExport: exportPart,
  mediaExport: exportPart,
  moderationExport: exportPart,
  userKey: {
    summary: "A user's personal-data key (services only; 404 once the account is deleted)",
    params: UserIdParams,
    response: { 200: UserKey },
  },
} as const;
