import fastifyCookie from '@fastify/cookie';
import type { ServiceDefinition } from '@waco/platform';
import { registerAuthRoutes } from './api/auth-routes';
import { registerInternalRoutes } from './api/internal-routes';
import { registerUserRoutes } from './api/user-routes';
import { prepareDummyHash } from './auth/passwords';
import type { IdentityDeps } from './commands/deps';
import { startSessionSweep } from './commands/sessions';
import { identityMigrations } from './db/migrations';
import type { IdentityDatabase } from './db/schema';
import { usersProjection } from './projections/users';

export type { IdentityDatabase } from './db/schema';

/** Users, passwords, sessions and profiles; publishes UserRegistered, ProfileUpdated, SessionRevoked. */
export const identityService: ServiceDefinition<IdentityDatabase> = {
  name: 'identity',
  migrations: identityMigrations,
  publishes: true,
  projections: [usersProjection],
  build(ctx) {
    const deps: IdentityDeps = {
      db: ctx.database.db,
      schema: ctx.database.schema,
      logger: ctx.logger,
      now: () => new Date(),
    };
    const sweep = startSessionSweep(deps);
    prepareDummyHash().catch((err) => ctx.logger.warn({ err }, 'could not prepare the dummy password hash'));
    return {
      async routes(app) {
        await app.register(fastifyCookie);
        registerAuthRoutes(app, deps, { production: ctx.production });
        registerUserRoutes(app, deps);
        registerInternalRoutes(app, deps);
      },
      subscriptions: [],
      close: () => sweep.stop(),
    };
  },
};
