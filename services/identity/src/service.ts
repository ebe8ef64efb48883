import fastifyCookie from '@fastify/cookie';
import {
  commandDeps,
  type Mailbox,
  type Mailer,
  mailerOf,
  registerPersonalExport,
  type ServiceDefinition,
  UPLOAD_NOTICE_WAIT_MS,
  uploadedMediaSubscription,
} from '@waco/platform';
import { registerAccountRoutes } from './api/account-routes';
import { registerAuthRoutes } from './api/auth-routes';
import { registerDeletionRoutes } from './api/deletion-routes';
import { registerFollowRoutes } from './api/follow-routes';
import { registerInternalRoutes } from './api/internal-routes';
import { registerUserRoutes } from './api/user-routes';
import { prepareCommonPasswords } from './auth/common-passwords';
import { prepareDummyHash } from './auth/passwords';
import { completeDeletions } from './commands/delete-account';
import type { IdentityDeps } from './commands/deps';
import { startSessionSweep } from './commands/sessions';
import { startMailSender } from './consumers/mail-sender';
import { moderationSubscription } from './consumers/moderation';
import { standingSubscriptions } from './consumers/standing';
import { identityMigrations } from './db/migrations';
import { IDENTITY_PERSONAL_DATA } from './db/personal-data';
import type { IdentityDatabase } from './db/schema';
import { identityKeyRing } from './db/user-keys';
import { badgesProjection } from './projections/badges';
import { usersProjection } from './projections/users';

export type { IdentityDatabase } from './db/schema';

export interface IdentityServiceOptions {
  /** How long a profile edit waits to hear of its new photo's upload before refusing it. */
  uploadNoticeWaitMs?: number;
  /** Where mail goes: a mailer, or an SMTP URL (SMTP_URL). Default: a catcher on localhost:1025. */
  mailer?: Mailer | string;
  /** The sender of an SMTP URL's mails (MAIL_FROM). */
  mailFrom?: string;
  /** The app's public address, which mailed links point to (APP_URL). */
  appUrl?: string;
  /** The embedded mail catcher, listed by `GET /api/dev/mail` in development. */
  devMailbox?: Mailbox;
}

/** Mailpit's SMTP port on this machine: where mail goes when nothing else is said. */
export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025?tls=off';

/**
 * Users, passwords, sessions, profiles, follows, badges and reputation; publishes UserRegistered,
 * ProfileUpdated, SessionRevoked, UserFollowed, UserUnfollowed, BadgeEarned. Keeps each user's completed uploads (media's
 * MediaUploaded) for profile photos, and a copy of moderation's blocks and suspensions for follows.
 */
export function createIdentityService(
  options: IdentityServiceOptions = {},
): ServiceDefinition<IdentityDatabase> {
  return {
    name: 'identity',
    migrations: identityMigrations,
    publishes: true,
    projections: [usersProjection, badgesProjection],
    // Identity keeps the personal-data keys; the other services ask its internal route.
    keyRing: identityKeyRing,
    async build(ctx) {
      const mailer = mailerOf(options.mailer ?? DEFAULT_SMTP_URL, options.mailFrom);
      const now = () => new Date();
      const devMailbox = options.devMailbox;
      const eraseMail = devMailbox && ((address: string) => devMailbox.erase(address));
      const mail = startMailSender({ db: ctx.database.db, mailer, logger: ctx.logger, now, eraseMail });
      const background = new Set<Promise<void>>();
      const deps: IdentityDeps = {
        ...commandDeps(ctx),
        now,
        uploadNoticeWaitMs: options.uploadNoticeWaitMs ?? UPLOAD_NOTICE_WAIT_MS,
        appUrl: (options.appUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
        mailQueued: () => mail.nudge(),
        eraseMail,
        inBackground(work) {
          const running = work()
            .catch((err) => ctx.logger.error({ err }, 'background work failed'))
            .finally(() => background.delete(running));
          background.add(running);
        },
      };
      // A backup restored from before a deletion: the deletion is made again.
      await completeDeletions(deps);
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
          registerFollowRoutes(app, deps);
          registerAccountRoutes(app, deps, {
            production: ctx.production,
            development: ctx.development,
            devMailbox: options.devMailbox,
          });
          registerDeletionRoutes(app, deps, ctx.production);
          registerInternalRoutes(app, deps, identityKeyRing(ctx.database));
          registerPersonalExport(app, 'identityExport', ctx.database.pool, IDENTITY_PERSONAL_DATA);
        },
        subscriptions: [
          uploadedMediaSubscription(ctx.database.db, 'identity'),
          // Blocks and suspensions, which follows go by; a block ends follows both ways.
          moderationSubscription(deps),
          // Badges, reputation and the verified mark, from posts', moderation's and its own events.
          ...standingSubscriptions(deps),
        ],
        async close() {
          await sweep.stop();
          await Promise.all(background);
          await mail.stop();
        },
      };
    },
  };
}

export const identityService = createIdentityService();
