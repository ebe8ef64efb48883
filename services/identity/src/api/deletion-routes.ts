import { type HttpApp, registerEndpoint } from '@waco/platform';
import { clearSessionCookie } from '../auth/session-cookie';
import { deleteAccount } from '../commands/delete-account';
import type { IdentityDeps } from '../commands/deps';

/** The end of an account: `DELETE /api/user` with the password. */
export function registerDeletionRoutes(app: HttpApp, deps: IdentityDeps, production: boolean) {
  registerEndpoint(app, 'deleteAccount', async (req, reply) => {
    await deleteAccount(deps, req.userId, req.body);
    clearSessionCookie(reply, production);
    return reply.status(204).send();
  });
}
