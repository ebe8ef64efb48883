import type { EndpointAuth, EndpointRoute, HttpMethod } from './endpoint-route';

// identity's endpoints of account recovery and trust: part of ENDPOINT_ROUTES, kept
// in their own file. Without zod, as routes.ts.

/** An endpoint identity answers. */
const identity = <M extends HttpMethod, A extends EndpointAuth>(method: M, path: string, auth: A) =>
  ({ method, path, service: 'identity', auth }) as const;

export const ACCOUNT_ROUTES = {
  // Email verification: the mailed link (a browser navigation), and "Resend".
  verifyEmail: identity('GET', '/api/verify-email', 'guest-ok'),
  resendVerification: identity('POST', '/api/verify-email/resend', 'user'),
  // A forgotten password: ask for a link, then use it.
  requestPasswordReset: { ...identity('POST', '/api/password-reset', 'guest-ok'), strictRateLimit: true },
  confirmPasswordReset: {
    ...identity('POST', '/api/password-reset/confirm', 'guest-ok'),
    strictRateLimit: true,
  },
  // Signed in: a new password (other sessions end), or every session ends.
  changePassword: identity('PUT', '/api/user/password', 'user'),
  logOutEverywhere: { ...identity('POST', '/api/logout-all', 'user'), endsSession: true },
  // The embedded mail catcher's mails, in development only.
  devMail: { ...identity('GET', '/api/dev/mail', 'guest-ok'), developmentOnly: true },
  // The end of an account (crypto-shredding), and the services' access to personal-data keys.
  deleteAccount: { ...identity('DELETE', '/api/user', 'user'), endsSession: true },
  // Gathered by the gateway from every service's part (export-routes.ts).
  exportAccount: { method: 'GET', path: '/api/user/export', service: 'gateway', auth: 'user' },
  userKey: identity('GET', '/internal/user-keys/:id', 'internal'),
} as const satisfies Record<string, EndpointRoute>;
