import { CurrentUser, LoginRequest, SignupRequest } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import { z } from 'zod';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../auth/session-cookie';
import type { IdentityDeps } from '../commands/deps';
import { logIn } from '../commands/login';
import { signUp } from '../commands/register';
import { endSession } from '../commands/sessions';
import { signInTestUser } from '../commands/test-user';
import { toCurrentUser } from './user-view';

/** A POST that takes no payload: nothing, or an empty JSON object. */
const NoBody = z.strictObject({}).nullish();

/** Sign-up, login, logout and the dev sign-in; each sets or clears the `sid` cookie. */
export function registerAuthRoutes(
  app: HttpApp,
  deps: IdentityDeps,
  options: { production: boolean; development: boolean },
) {
  const { production, development } = options;

  app.post(
    '/api/signup',
    { schema: { body: SignupRequest, response: { 201: CurrentUser } } },
    async (req, reply) => {
      const { user, token } = await signUp(deps, req.body, req.headers['user-agent']);
      setSessionCookie(reply, token, production);
      return reply.status(201).send(toCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: LoginRequest, response: { 200: CurrentUser } } },
    async (req, reply) => {
      const { user, token } = await logIn(deps, req.body, req.headers['user-agent']);
      setSessionCookie(reply, token, production);
      return toCurrentUser(user);
    },
  );

  // Browser navigations (spec section 7): the login page lives in the web app.
  app.get('/api/login', async (_req, reply) => reply.redirect('/auth'));

  app.get('/api/logout', async (req, reply) => {
    const token = sessionTokenOf(req);
    if (token) await endSession(deps, token);
    clearSessionCookie(reply, production);
    return reply.redirect('/');
  });

  // A test helper, only where development was asked for (NODE_ENV=development, or a test);
  // anywhere else the route does not exist, so it answers 404 like any other.
  if (development) {
    app.post(
      '/api/dev/login-test-user',
      { schema: { body: NoBody, response: { 200: CurrentUser } } },
      async (req, reply) => {
        const { user, token } = await signInTestUser(deps, req.headers['user-agent']);
        setSessionCookie(reply, token, production);
        return toCurrentUser(user);
      },
    );
  }
}
