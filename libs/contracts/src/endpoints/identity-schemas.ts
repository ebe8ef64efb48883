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
import { FollowList, FollowListQuery, FollowRequest, FollowStatus } from '../follows';
import {
  CurrentUser,
  LoginRequest,
  ProfileUpdateRequest,
  PublicUser,
  SessionLookup,
  SignupRequest,
  UserIdParams,
} from '../identity';
import { DailyCounts } from '../operator-console';
import { DeleteAccountRequest, UserKey } from '../personal-data';
import { type EndpointSchemas, exportPartSchemas, NoBody } from './endpoint-schema';

// The schemas of identity-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

const SessionTokenParams = z.strictObject({ token: z.string().min(1).max(100) });

// biome-ignore format: one endpoint a line reads as a table
export const IDENTITY_SCHEMAS = {
  signUp: { summary: 'Create an account and sign in', body: SignupRequest, response: { 201: CurrentUser } },
  logIn: { summary: 'Sign in with email and password', body: LoginRequest, response: { 200: CurrentUser } },
  loginPage: { summary: 'Redirect a browser to the sign-in page', answer: 'A redirect to /auth' },
  logOut: { summary: 'End the session and redirect home', answer: 'A redirect to /' },
  devLogIn: { summary: 'Sign in as the test user (development only)', body: NoBody, response: { 200: CurrentUser } },
  getCurrentUser: { summary: 'The signed-in user', response: { 200: CurrentUser } },
  updateProfile: { summary: "Edit one's own profile", body: ProfileUpdateRequest, response: { 200: CurrentUser } },
  getUser: { summary: "A user's public profile", params: UserIdParams, response: { 200: PublicUser } },
  getFollowStatus: { summary: 'Whether the signed-in member follows a member, and its alerts', params: UserIdParams, response: { 200: FollowStatus } },
  followUser: { summary: 'Follow a member (again: change its alerts)', params: UserIdParams, body: FollowRequest.nullish(), response: { 200: FollowStatus } },
  unfollowUser: { summary: 'Stop following a member', params: UserIdParams, response: { 200: FollowStatus } },
  listFollowers: { summary: "A member's followers, newest first", params: UserIdParams, query: FollowListQuery, response: { 200: FollowList } },
  listFollowing: { summary: 'The members a member follows, newest first', params: UserIdParams, query: FollowListQuery, response: { 200: FollowList } },
  resolveSession: { summary: "Resolve a browser's session cookie (gateway only)", params: SessionTokenParams, response: { 200: SessionLookup } },
  verifyEmail: {
    summary: "Verify an account's email from the mailed link",
    query: VerifyEmailQuery,
    answer: 'A redirect into the app, whose toast says how it went',
  },
  resendVerification: { summary: 'Mail a new email verification link', body: NoBody, response: { 202: AcceptedResponse } },
  // The same answer, after the same work, whether the email is known or not.
  requestPasswordReset: {
    summary: 'Mail a password reset link (the same answer for any email)',
    body: PasswordResetRequest,
    response: { 202: AcceptedResponse },
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
    body: NoBody,
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
  userKey: {
    summary: "A user's personal-data key (services only; 404 once the account is deleted)",
    params: UserIdParams,
    response: { 200: UserKey },
  },
  countNewMembers: { summary: 'New members per day (the console, through the gateway)', response: { 200: DailyCounts } },
  identityExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
