import {
  commandDeps,
  groupsCopySubscription,
  registerPersonalExport,
  type ServiceDefinition,
  uploadedMediaSubscription,
} from '@waco/platform';
import { registerConversationRoutes } from './api/conversation-routes';
import { registerDealRoutes } from './api/deal-routes';
import { registerMessageRoutes } from './api/message-routes';
import type { MessagingDeps } from './commands/deps';
import { eraseMessagesOf } from './consumers/user-deleted';
import { messagingMigrations } from './db/migrations';
import { moderation } from './db/moderation';
import { MESSAGING_PERSONAL_DATA } from './db/personal-data';
import { postsCopySubscription } from './db/posts';
import type { MessagingDatabase } from './db/schema';
import { users } from './db/users';
import { conversationsProjection } from './projections/conversations';
import { dealsProjection } from './projections/deals';

export type { MessagingDatabase } from './db/schema';

/** The inbox name of every consumer in this service, and its durable consumer's name. */
const CONSUMER = 'messaging';

export interface MessagingServiceOptions {
  /**
   * The limit on messaging people one never talked to (default on; MEMBER_LIMITS=off turns it off
   * for benchmarks and tests that message in bulk).
   */
  memberLimits?: boolean;
}

/**
 * Conversations and messages. Every message is a MessageSent on its conversation's stream (read
 * tables updated in the same transaction); the outbox relay publishes them. Keeps a copy of
 * users' names and avatars from identity's events.
 */
export const createMessagingService = (
  options: MessagingServiceOptions = {},
): ServiceDefinition<MessagingDatabase> => ({
  name: 'messaging',
  migrations: messagingMigrations,
  publishes: true,
  projections: [conversationsProjection, dealsProjection],
  build(ctx) {
    const deps: MessagingDeps = {
      ...commandDeps(ctx),
      memberLimits: options.memberLimits ?? true,
    };
    return {
      routes(app) {
        registerConversationRoutes(app, deps);
        registerMessageRoutes(app, deps);
        registerDealRoutes(app, deps);
        registerPersonalExport(app, 'messagingExport', ctx.database.pool, MESSAGING_PERSONAL_DATA);
      },
      // identity's users → users (the platform's user directory).
      subscriptions: [
        // A deleted account (UserDeleted): its messages read "Message deleted".
        users.subscription(ctx.database.db, CONSUMER, { onDeleted: eraseMessagesOf }),
        // moderation's blocks and suspensions → their copies (enforced here).
        moderation.subscription(ctx.database.db, CONSUMER),
        // posts' titles, first photos and owners → `posts` (what conversations are about).
        postsCopySubscription(ctx.database.db, CONSUMER),
        // groups' privacy and memberships → their copy (a private group's posts: its members' only).
        groupsCopySubscription(ctx.database.db, CONSUMER),
        // media's MediaUploaded → uploaded_media: a message's photos are its sender's own uploads.
        uploadedMediaSubscription(ctx.database.db, CONSUMER),
      ],
    };
  },
});

export const messagingService = createMessagingService();
