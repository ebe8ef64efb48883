import { serviceRoutes } from './endpoint-route';

// identity's endpoints: accounts and sessions, account recovery and trust, personal-data keys.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: identity-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const IDENTITY_ROUTES = serviceRoutes('identity', {
  signUp: { method: 'POST', path: '/api/signup', service: 'identity', auth: 'guest-ok', strictRateLimit: true },
  logIn: { method: 'POST', path: '/api/login', service: 'identity', auth: 'guest-ok', strictRateLimit: true },
  loginPage: { method: 'GET', path: '/api/login', service: 'identity', auth: 'guest-ok' },
  logOut: { method: 'GET', path: '/api/logout', service: 'identity', auth: 'guest-ok', endsSession: true },
  devLogIn: { method: 'POST', path: '/api/dev/login-test-user', service: 'identity', auth: 'guest-ok', developmentOnly: true },
  getCurrentUser: { method: 'GET', path: '/api/user', service: 'identity', auth: 'user' },
  updateProfile: { method: 'PUT', path: '/api/user/profile', service: 'identity', auth: 'user' },
  getUser: { method: 'GET', path: '/api/users/:id', service: 'identity', auth: 'guest-ok' },
  // Follows: the viewer's follow of a member (with its alerts switch), and a member's lists.
  getFollowStatus: { method: 'GET', path: '/api/users/:id/follow', service: 'identity', auth: 'user' },
  followUser: { method: 'POST', path: '/api/users/:id/follow', service: 'identity', auth: 'user' },
  unfollowUser: { method: 'DELETE', path: '/api/users/:id/follow', service: 'identity', auth: 'user' },
  listFollowers: { method: 'GET', path: '/api/users/:id/followers', service: 'identity', auth: 'guest-ok' },
  listFollowing: { method: 'GET', path: '/api/users/:id/following', service: 'identity', auth: 'guest-ok' },
  resolveSession: { method: 'GET', path: '/internal/sessions/:token', service: 'identity', auth: 'internal' },
  // Email verification: the mailed link (a browser navigation), and "Resend".
  verifyEmail: { method: 'GET', path: '/api/verify-email', service: 'identity', auth: 'guest-ok' },
  resendVerification: { method: 'POST', path: '/api/verify-email/resend', service: 'identity', auth: 'user' },
  // A forgotten password: ask for a link, then use it.
  requestPasswordReset: { method: 'POST', path: '/api/password-reset', service: 'identity', auth: 'guest-ok', strictRateLimit: true },
  confirmPasswordReset: { method: 'POST', path: '/api/password-reset/confirm', service: 'identity', auth: 'guest-ok', strictRateLimit: true },
  // Signed in: a new password (other sessions end), or every session ends.
  changePassword: { method: 'PUT', path: '/api/user/password', service: 'identity', auth: 'user' },
  logOutEverywhere: { method: 'POST', path: '/api/logout-all', service: 'identity', auth: 'user', endsSession: true },
  // The embedded mail catcher's mails, in development only.
  devMail: { method: 'GET', path: '/api/dev/mail', service: 'identity', auth: 'guest-ok', developmentOnly: true },
  // The end of an account (crypto-shredding), and the services' access to personal-data keys.
  deleteAccount: { method: 'DELETE', path: '/api/user', service: 'identity', auth: 'user', endsSession: true },
  userKey: { method: 'GET', path: '/internal/user-keys/:id', service: 'identity', auth: 'internal' },
  countNewMembers: { method: 'GET', path: '/internal/figures/members', service: 'identity', auth: 'internal' },
});
