import { SessionLookup } from '@waco/contracts';
import { type HttpApp, notFound } from '@waco/platform';
import { z } from 'zod';
import type { IdentityDeps } from '../commands/deps';
import { resolveSession } from '../commands/sessions';

const SessionTokenParams = z.strictObject({ token: z.string().min(1).max(100) });

/**
 * Routes for the other services only; the gateway never proxies `/internal`. It resolves a
 * browser's `sid` cookie here.
 */
export function registerInternalRoutes(app: HttpApp, deps: IdentityDeps) {
  app.get(
    '/internal/sessions/:token',
    { schema: { params: SessionTokenParams, response: { 200: SessionLookup } } },
    async (req) => {
      const session = await resolveSession(deps, req.params.token);
      if (!session) throw notFound('Session not found or expired');
      return session;
    },
  );
}
