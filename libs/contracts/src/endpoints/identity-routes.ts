import { serviceRoutes } from './endpoint-route';

// identity's endpoints: accounts and sessions, account recovery and trust, personal-data keys.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: identity-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const IDENTITY_ROUTES = serviceRoutes('identity', {
  signUp: { method: 'POST', path: '/api/signup', auth: 'guest-ok', strictRateLimit: true },
  logIn: { method: 'POST', path: '/api/login', auth: 'guest-ok', strictRateLimit: true },
  loginPage: { method: 'GET', path: '/api/login', auth: 'guest-ok' },
  logOut: { method: 'GET', path: '/api/logout', auth: 'guest-ok', endsSession: true },
  devLogIn: { method: 'POST', path: '/api/dev/login-test-user', auth: 'guest-ok', developmentOnly: true },
  getCurrentUser: { method: 'GET', path: '/api/user', auth: 'user' },
  updateProfile: { method: 'PUT', path: '/api/user/profile', auth: 'user' },
  getUser: { method: 'GET', path: '/api/users/:id', auth: 'guest-ok', guestCache: true },
  // Follows: the viewer's follow of a member (with its alerts switch), and a member's lists.
  getFollowStatus: { method: 'GET', path: '/api/users/:id/follow', auth: 'user' },
  followUser: { method: 'POST', path: '/api/users/:id/follow', auth: 'user' },
  unfollowUser: { method: 'DELETE', path: '/api/users/:id/follow', auth: 'user' },
  listFollowers: { method: 'GET', path: '/api/users/:id/followers', auth: 'guest-ok' },
  listFollowing: { method: 'GET', path: '/api/users/:id/following', auth: 'guest-ok' },
  resolveSession: { method: 'GET', path: '/internal/sessions/:token', auth: 'internal' },
  // Email verification: the mailed link (a browser navigation), and "Resend".
  verifyEmail: { method: 'GET', path: '/api/verify-email', auth: 'guest-ok' },
  resendVerification: { method: 'POST', path: '/api/verify-email/resend', auth: 'user' },
  // A forgotten password: ask for a link, then use it.
  requestPasswordReset: { method: 'POST', path: '/api/password-reset', auth: 'guest-ok', strictRateLimit: true },
  confirmPasswordReset: { method: 'POST', path: '/api/password-reset/confirm', auth: 'guest-ok', strictRateLimit: true },
  // Signed in: a new password (other sessions end), or every session ends.
  changePassword: { method: 'PUT', path: '/api/user/password', auth: 'user' },
  logOutEverywhere: { method: 'POST', path: '/api/logout-all', auth: 'user', endsSession: true },
  // The embedded mail catcher's mails, in development only.
  devMail: { method: 'GET', path: '/api/dev/mail', auth: 'guest-ok', developmentOnly: true },
  // The end of an account (crypto-shredding), and the services' access to personal-data keys.
  deleteAccount: { method: 'DELETE', path: '/api/user', auth: 'user', endsSession: true },
  userKey: { method: 'GET', path: '/internal/user-keys/:id', auth: 'internal' },
  countNewMembers: { method: 'GET', path: '/internal/figures/members', auth: 'internal' },
});
