import {
  commandDeps,
  registerPersonalExport,
  type ServiceDefinition,
  UPLOAD_NOTICE_WAIT_MS,
  type UploadNoticeOptions,
  uploadedMediaSubscription,
} from '@waco/platform';
import { registerCalendarRoutes } from './api/calendar-routes';
import { registerEventRoutes } from './api/event-routes';
import { registerGroupRoutes } from './api/group-routes';
import type { GroupsDeps } from './commands/deps';
import { eraseGroupsDataOf } from './consumers/user-deleted';
import { groupsMigrations } from './db/migrations';
import { moderation } from './db/moderation';
import { GROUPS_PERSONAL_DATA } from './db/personal-data';
import type { GroupsDatabase } from './db/schema';
import { users } from './db/users';
import { groupsProjection } from './projections/groups';

export type { GroupsDatabase } from './db/schema';

/** The inbox name of every consumer in this service, and its durable consumer's name. */
const CONSUMER = 'groups';

export type GroupsServiceOptions = UploadNoticeOptions;

/**
 * Groups and community events: a group's members and roles, events with capacity and a
 * waitlist, and members' calendars. Every change is an event on the group's or the event's
 * stream (read tables updated in the same transaction); the outbox relay publishes them. Keeps
 * copies of users' names, moderation's suspensions and media's uploads from their events.
 */
export const createGroupsService = (
  options: GroupsServiceOptions = {},
): ServiceDefinition<GroupsDatabase> => ({
  name: 'groups',
  migrations: groupsMigrations,
  publishes: true,
  projections: [groupsProjection],
  build(ctx) {
    const deps: GroupsDeps = {
      ...commandDeps(ctx),
      uploadNoticeWaitMs: options.uploadNoticeWaitMs ?? UPLOAD_NOTICE_WAIT_MS,
    };
    return {
      routes(app) {
        registerGroupRoutes(app, deps);
        registerEventRoutes(app, deps);
        registerCalendarRoutes(app, deps);
        registerPersonalExport(app, 'groupsExport', ctx.database.pool, GROUPS_PERSONAL_DATA);
      },
      subscriptions: [
        // identity's users → users; a deleted account leaves its groups and events.
        users.subscription(ctx.database.db, CONSUMER, { onDeleted: eraseGroupsDataOf(deps) }),
        // moderation's suspensions (and blocks) → their copies: a suspended member creates nothing.
        moderation.subscription(ctx.database.db, CONSUMER),
        // media's uploads → uploaded_media: a group's or event's photo must be the member's own.
        uploadedMediaSubscription(ctx.database.db, CONSUMER),
      ],
    };
  },
});

export const groupsService = createGroupsService();
