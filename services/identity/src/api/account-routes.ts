import { ACCOUNT_MESSAGES } from '@waco/contracts';
import { type HttpApp, type Mailbox, registerEndpoint } from '@waco/platform';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../auth/session-cookie';
import type { IdentityDeps } from '../commands/deps';
import { resendVerification, verifyEmail } from '../commands/email-verification';
import { changePassword, confirmPasswordReset, requestPasswordReset } from '../commands/passwords';
import { endAllSessions } from '../commands/sessions';
import { currentUserOf } from './user-view';

/** Email verification, password reset and change, signing out everywhere. */
export function registerAccountRoutes(
  app: HttpApp,
  deps: IdentityDeps,
  options: { production: boolean; development: boolean; devMailbox?: Mailbox },
) {
  const { production } = options;

  // A browser navigation from the mail: into the app, whose toast reads `verified`.
  registerEndpoint(app, 'verifyEmail', async (req, reply) => {
    const verified = await verifyEmail(deps, req.query.token);
    return reply.redirect(`/?verified=${verified ? 'yes' : 'no'}`);
  });

  registerEndpoint(app, 'resendVerification', async (req, reply) => {
    await resendVerification(deps, req.userId);
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.verificationSent });
  });

  registerEndpoint(app, 'requestPasswordReset', async (req, reply) => {
    requestPasswordReset(deps, req.body.email);
    return reply.status(202).send({ message: ACCOUNT_MESSAGES.resetRequested });
  });

  registerEndpoint(app, 'confirmPasswordReset', async (req, reply) => {
    const { user, token } = await confirmPasswordReset(deps, req.body, req.headers['user-agent']);
    setSessionCookie(reply, token, production);
    return currentUserOf(deps.db, user);
  });

  registerEndpoint(app, 'changePassword', async (req) => {
    await changePassword(deps, req.userId, sessionTokenOf(req), req.body);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  });

  registerEndpoint(app, 'logOutEverywhere', async (req, reply) => {
    await endAllSessions(deps, req.userId);
    clearSessionCookie(reply, production);
    return reply.status(204).send();
  });

  // Development with the embedded mail catcher only: anywhere else the route does not exist.
  const mailbox = options.devMailbox;
  if (options.development && mailbox) {
    registerEndpoint(app, 'devMail', async (req) => mailbox.list(req.query.to));
  }
}
