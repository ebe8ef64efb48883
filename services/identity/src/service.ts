import fastifyCookie from '@fastify/cookie';
import { type ServiceDefinition, UPLOAD_NOTICE_WAIT_MS, uploadedMediaSubscription } from '@waco/platform';
import { registerAuthRoutes } from './api/auth-routes';
import { registerInternalRoutes } from './api/internal-routes';
import { registerUserRoutes } from './api/user-routes';
import { prepareCommonPasswords } from './auth/common-passwords';
import { prepareDummyHash } from './auth/passwords';
import type { IdentityDeps } from './commands/deps';
import { startSessionSweep } from './commands/sessions';
import { identityMigrations } from './db/migrations';
import type { IdentityDatabase } from './db/schema';
import { usersProjection } from './projections/users';

export type { IdentityDatabase } from './db/schema';

export interface IdentityServiceOptions {
  /** How long a profile edit waits to hear of its new photo's upload before refusing it. */
  uploadNoticeWaitMs?: number;
}

/**
 * Users, passwords, sessions and profiles; publishes UserRegistered, ProfileUpdated,
 * SessionRevoked. Keeps each user's completed uploads (media's MediaUploaded) for profile photos.
 */
export function createIdentityService(
  options: IdentityServiceOptions = {},
): ServiceDefinition<IdentityDatabase> {
  return {
    name: 'identity',
    migrations: identityMigrations,
    publishes: true,
    projections: [usersProjection],
    build(ctx) {
      const deps: IdentityDeps = {
        db: ctx.database.db,
        events: ctx.events,
        logger: ctx.logger,
        now: () => new Date(),
        uploadNoticeWaitMs: options.uploadNoticeWaitMs ?? UPLOAD_NOTICE_WAIT_MS,
      };
      const sweep = startSessionSweep(deps);
      prepareDummyHash().catch((err) =>
        ctx.logger.warn({ err }, 'could not prepare the dummy password hash'),
      );
      prepareCommonPasswords().catch((err) =>
        ctx.logger.warn({ err }, 'could not load the common passwords'),
      );
      return {
        async routes(app) {
          await app.register(fastifyCookie);
          registerAuthRoutes(app, deps, { production: ctx.production, development: ctx.development });
          registerUserRoutes(app, deps);
          registerInternalRoutes(app, deps);
        },
        subscriptions: [uploadedMediaSubscription(ctx.database.db, 'identity')],
        close: () => sweep.stop(),
      };
    },
  };
}

export const identityService = createIdentityService();
