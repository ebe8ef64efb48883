import { dailyCounts, type HttpApp, type KeyRing, notFound, registerEndpoint } from '@waco/platform';
import type { IdentityDeps } from '../commands/deps';
import { resolveSession } from '../commands/sessions';
import { findUserById } from '../db/users';

/**
 * Routes for the other services only; the gateway never proxies `/internal`. It resolves a
 * browser's `sid` cookie here.
 */
export function registerInternalRoutes(app: HttpApp, deps: IdentityDeps, keys: KeyRing) {
  registerEndpoint(app, 'resolveSession', async (req) => {
    const session = await resolveSession(deps, req.params.token);
    if (!session) throw notFound('Session not found or expired');
    return session;
  });

  // A live user's personal-data key (made on first use); a deleted or unknown one's is gone.
  registerEndpoint(app, 'userKey', async (req) => {
    const user = await findUserById(deps.db, req.params.id);
    const key = user ? await keys.keyToSeal(user.id) : undefined;
    if (!key) throw notFound('No such user');
    return { userId: user?.id ?? req.params.id, key: key.toString('base64url') };
  });

  // New members per day, for the operator's console (through the gateway).
  registerEndpoint(app, 'countNewMembers', async () => dailyCounts(deps.db, 'users'));
}
