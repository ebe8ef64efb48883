import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import type { IdentityDeps } from '../commands/deps';
import { resolveSession } from '../commands/sessions';

/**
 * Routes for the other services only; the gateway never proxies `/internal`. It resolves a
 * browser's `sid` cookie here.
 */
export function registerInternalRoutes(app: HttpApp, deps: IdentityDeps) {
  registerEndpoint(app, 'resolveSession', async (req) => {
    const session = await resolveSession(deps, req.params.token);
    if (!session) throw notFound('Session not found or expired');
    return session;
  });
}
