import { registerPersonalExport, type ServiceDefinition } from '@waco/platform';
import { registerBlockRoutes } from './api/block-routes';
import { registerConsoleRoutes } from './api/console-routes';
import { registerModeratorRoutes } from './api/moderator-routes';
import { registerReportRoutes } from './api/report-routes';
import type { ModerationDeps } from './commands/deps';
import {
  directoryCopySubscription,
  groupsCopySubscription,
  messagesCopySubscription,
  postsCopySubscription,
} from './consumers/copies';
import { limitBurstSubscriptions } from './consumers/limit-bursts';
import { eraseModerationCopiesOf } from './consumers/user-deleted';
import { moderationMigrations } from './db/migrations';
import { MODERATION_PERSONAL_DATA } from './db/personal-data';
import type { ModerationDatabase } from './db/schema';
import { users } from './db/users';
import { moderationProjection } from './projections/moderation';

export { handleDeadLetter } from './commands/dead-letters';
export { setAdmin, setModerator } from './commands/set-moderator';
export { setVerified } from './commands/set-verified';
export type { ModerationDatabase } from './db/schema';

/** The inbox name of every consumer in this service, and its durable consumers' name. */
const CONSUMER = 'moderation';

export interface ModerationServiceOptions {
  /**
   * How long a report waits to hear of what it names (default 2 s): a post, a message or a
   * member is announced by an event, and a report sent right after may arrive first.
   */
  targetNoticeWaitMs?: number;
}

/**
 * Trust and safety: reports and the moderation queue, resolutions and the audit list, the
 * moderator and admin roles and the operator's console, suspensions and blocks. Every decision is an event; posts, messaging and
 * notifications enforce blocks, suspensions and hidden posts from their copies of them. Keeps
 * copies of users (identity), posts (posts) and messages (messaging) to show what was reported.
 */
export function createModerationService(
  options: ModerationServiceOptions = {},
): ServiceDefinition<ModerationDatabase> {
  const shape = { migrations: moderationMigrations, projections: [moderationProjection] };
  return {
    name: 'moderation',
    publishes: true,
    ...shape,
    build({ database: { db, pool }, events, logger, bus }) {
      const targetNoticeWaitMs = options.targetNoticeWaitMs ?? 2_000;
      const deps: ModerationDeps = { db, events, logger, targetNoticeWaitMs, now: () => new Date() };
      // identity's users, posts' posts and comments, messaging's messages, directory's businesses and
      // reviews, groups' groups and events: what reports name and show.
      // A deleted account (UserDeleted): consumers/user-deleted.ts erases what it wrote.
      const copies = [
        postsCopySubscription,
        messagesCopySubscription,
        directoryCopySubscription,
        groupsCopySubscription,
      ];
      return {
        routes(app) {
          for (const register of [registerReportRoutes, registerBlockRoutes, registerModeratorRoutes])
            register(app, deps);
          registerConsoleRoutes(app, deps, bus);
          registerPersonalExport(app, 'moderationExport', pool, MODERATION_PERSONAL_DATA);
        },
        subscriptions: [
          users.subscription(db, CONSUMER, { onDeleted: eraseModerationCopiesOf }),
          ...copies.map((subscribe) => subscribe(db, CONSUMER)),
          // Members who reached a posting, commenting or messaging limit: the bursts moderators see.
          ...limitBurstSubscriptions(db, CONSUMER),
        ],
      };
    },
  };
}

export const moderationService = createModerationService();
