import { parseLanguage } from '@waco/contracts';
import { type HttpApp, registerEndpoint } from '@waco/platform';
import { deviceTokenOf, setDeviceCookie } from '../auth/device-cookie';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../auth/session-cookie';
import type { IdentityDeps } from '../commands/deps';
import { logIn } from '../commands/login';
import { signUp } from '../commands/register';
import { endSession } from '../commands/sessions';
import { signInTestUser } from '../commands/test-user';
import { currentUserOf } from './user-view';

/**
 * Sign-up, login, logout and the dev sign-in; each sets or clears the `sid` cookie. Sign-up and
 * login also set the device cookie (auth/device-cookie.ts), which logout leaves: it is no session.
 */
export function registerAuthRoutes(
  app: HttpApp,
  deps: IdentityDeps,
  options: { production: boolean; development: boolean },
) {
  const { production, development } = options;

  registerEndpoint(app, 'signUp', async (req, reply) => {
    // The language the browser asked in (the web app's `lang` cookie, or Accept-Language; the
    // gateway passes both on to identity) becomes the member's, for their mails and pushes.
    const language = parseLanguage(req.headers);
    const { user, token, deviceToken } = await signUp(deps, req.body, {
      userAgent: req.headers['user-agent'],
      language,
      deviceToken: deviceTokenOf(req),
    });
    setSessionCookie(reply, token, production);
    if (deviceToken) setDeviceCookie(reply, deviceToken, production);
    return reply.status(201).send(await currentUserOf(deps.db, user));
  });

  registerEndpoint(app, 'logIn', async (req, reply) => {
    const { user, token, deviceToken } = await logIn(deps, req.body, {
      userAgent: req.headers['user-agent'],
      deviceToken: deviceTokenOf(req),
    });
    setSessionCookie(reply, token, production);
    if (deviceToken) setDeviceCookie(reply, deviceToken, production);
    return currentUserOf(deps.db, user);
  });

  // Browser navigations (spec section 7): the login page lives in the web app.
  registerEndpoint(app, 'loginPage', async (_req, reply) => reply.redirect('/auth'));

  registerEndpoint(app, 'logOut', async (req, reply) => {
    const token = sessionTokenOf(req);
    if (token) await endSession(deps, token);
    clearSessionCookie(reply, production);
    return reply.redirect('/');
  });

  // A test helper, only where development was asked for (NODE_ENV=development, or a test);
  // anywhere else the route does not exist, so it answers 404 like any other.
  if (development) {
    registerEndpoint(app, 'devLogIn', async (req, reply) => {
      const { user, token } = await signInTestUser(deps, req.headers['user-agent']);
      setSessionCookie(reply, token, production);
      return currentUserOf(deps.db, user);
    });
  }
}
