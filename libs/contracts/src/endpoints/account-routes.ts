import type { EndpointRoute } from './routes';

// identity's endpoints of account recovery and trust (issue 17): part of ENDPOINT_ROUTES, kept
// in their own file. Without zod, as routes.ts.

// biome-ignore format: one endpoint a line reads as a table
export const ACCOUNT_ROUTES = {
  // Email verification: the mailed link (a browser navigation), and "Resend".
  verifyEmail: { method: 'GET', path: '/api/verify-email', service: 'identity', auth: 'guest-ok' },
  resendVerification: { method: 'POST', path: '/api/verify-email/resend', service: 'identity', auth: 'user' },
  // A forgotten password: ask for a link, then use it.
  requestPasswordReset: { method: 'POST', path: '/api/password-reset', service: 'identity', auth: 'guest-ok' },
  confirmPasswordReset: { method: 'POST', path: '/api/password-reset/confirm', service: 'identity', auth: 'guest-ok' },
  // Signed in: a new password (other sessions end), or every session ends.
  changePassword: { method: 'PUT', path: '/api/user/password', service: 'identity', auth: 'user' },
  logOutEverywhere: { method: 'POST', path: '/api/logout-all', service: 'identity', auth: 'user', endsSession: true },
  // The embedded mail catcher's mails, in development only.
  devMail: { method: 'GET', path: '/api/dev/mail', service: 'identity', auth: 'guest-ok', developmentOnly: true },
} as const satisfies Record<string, EndpointRoute>;
