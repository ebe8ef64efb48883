import {
  commandDeps,
  registerPersonalExport,
  type ServiceDefinition,
  UPLOAD_NOTICE_WAIT_MS,
  type UploadNoticeOptions,
  uploadedMediaSubscription,
} from '@waco/platform';
import { registerBusinessRoutes } from './api/business-routes';
import { registerReviewRoutes } from './api/review-routes';
import type { DirectoryDeps } from './commands/deps';
import { moderationHiding } from './consumers/moderation-hiding';
import { eraseDirectoryDataOf } from './consumers/user-deleted';
import { follows, moderationSubscription } from './db/copies';
import { directoryMigrations } from './db/migrations';
import { DIRECTORY_PERSONAL_DATA } from './db/personal-data';
import type { DirectoryDatabase } from './db/schema';
import { users } from './db/users';
import { directoryProjection } from './projections/directory';

export type { DirectoryDatabase } from './db/schema';

/** The inbox name of every consumer in this service, and its durable consumer's name. */
const CONSUMER = 'directory';

export type DirectoryServiceOptions = UploadNoticeOptions;

/**
 * Local businesses and their reviews: any member adds a business, its owner claims it and a
 * site moderator verifies the claim; members review it once each. Every change is an event on
 * the business's stream (read tables updated in the same transaction, the average with them);
 * the outbox relay publishes them. Keeps copies of users' names, moderation's blocks,
 * suspensions and moderators, media's uploads and identity's follows from their events.
 */
export const createDirectoryService = (
  options: DirectoryServiceOptions = {},
): ServiceDefinition<DirectoryDatabase> => ({
  name: 'directory',
  migrations: directoryMigrations,
  publishes: true,
  projections: [directoryProjection],
  build(ctx) {
    const deps: DirectoryDeps = {
      ...commandDeps(ctx),
      uploadNoticeWaitMs: options.uploadNoticeWaitMs ?? UPLOAD_NOTICE_WAIT_MS,
    };
    return {
      routes(app) {
        registerBusinessRoutes(app, deps);
        registerReviewRoutes(app, deps);
        registerPersonalExport(app, 'directoryExport', ctx.database.pool, DIRECTORY_PERSONAL_DATA);
      },
      subscriptions: [
        // identity's users → users; a deleted account's reviews and claims go, its businesses stay.
        users.subscription(ctx.database.db, CONSUMER, { onDeleted: eraseDirectoryDataOf(deps) }),
        // identity's follows → follows: "recommended by N neighbours you follow".
        follows.subscription(ctx.database.db, `${CONSUMER}-follows`),
        // moderation's blocks, suspensions and moderators → their copies; its hiding of a reported
        // business or review → the business's stream.
        moderationSubscription(ctx.database.db, CONSUMER, moderationHiding(deps)),
        // media's uploads → uploaded_media: a business's photo must be the member's own.
        uploadedMediaSubscription(ctx.database.db, CONSUMER),
      ],
    };
  },
});

export const directoryService = createDirectoryService();
