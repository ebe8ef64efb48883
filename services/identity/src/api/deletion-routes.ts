import { type HttpApp, registerEndpoint, unauthorized } from '@waco/platform';
import { clearSessionCookie } from '../auth/session-cookie';
import { deleteAccount } from '../commands/delete-account';
import type { IdentityDeps } from '../commands/deps';
import { findUserById } from '../db/users';
import { toCurrentUser } from './user-view';

/** The end of an account (issue 17): `DELETE /api/user` with the password; `GET /api/user/export`. */
export function registerDeletionRoutes(app: HttpApp, deps: IdentityDeps, production: boolean) {
  registerEndpoint(app, 'deleteAccount', async (req, reply) => {
    await deleteAccount(deps, req.userId, req.body);
    clearSessionCookie(reply, production);
    return reply.status(204).send();
  });

  // A JSON download of what identity holds about the user (the other services' parts: not yet).
  registerEndpoint(app, 'exportAccount', async (req, reply) => {
    const user = await findUserById(deps.db, req.userId);
    if (!user) throw unauthorized();
    return reply
      .header('content-disposition', 'attachment; filename="waco-commons-export.json"')
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(JSON.stringify({ exportedAt: deps.now().toISOString(), profile: toCurrentUser(user) }, null, 2));
  });
}
