import { ERASED, type EventEnvelope, groupsEvents, parseEvent } from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import { type Kysely, sql, type Updateable } from 'kysely';
import { type EventsTable, type GroupsDatabase, type GroupsTable, PROJECTED_TABLES } from '../db/schema';

type Db = Kysely<GroupsDatabase>;

/**
 * Applies groups' events to its read tables. Called with the events a command appends, in the
 * same transaction (under the stream's lock, so the counts move one event at a time and stay
 * exact), and by the platform's rebuild with the log.
 */
export async function applyGroupsEvents(trx: Db, events: EventEnvelope[]) {
  for (const stored of events) {
    const event = parseEvent(groupsEvents, stored);
    if (!event) continue;
    switch (event.type) {
      case 'GroupCreated': {
        const d = event.data;
        await trx
          .insertInto('groups')
          .values({
            id: d.groupId,
            name: d.name,
            description: d.description === ERASED ? null : d.description,
            image_url: d.imageUrl,
            is_public: d.isPublic,
            neighborhood: d.neighborhood,
            creator_id: d.creatorId,
            members_count: 0,
            closed: false,
            created_at: d.createdAt,
            updated_at: d.createdAt,
          })
          .execute();
        break;
      }
      case 'GroupMemberJoined': {
        const d = event.data;
        await trx
          .insertInto('group_memberships')
          .values({ group_id: d.groupId, user_id: d.userId, role: d.role, joined_at: d.joinedAt })
          .execute();
        await dropFromGroup(trx, 'group_join_requests', d.groupId, d.userId);
        await dropFromGroup(trx, 'group_invitations', d.groupId, d.userId);
        await countMembers(trx, d.groupId, 1, d.joinedAt);
        break;
      }
      case 'GroupMemberInvited': {
        const d = event.data;
        await trx
          .insertInto('group_invitations')
          .values({
            group_id: d.groupId,
            user_id: d.userId,
            invited_by: d.invitedBy,
            invited_at: d.invitedAt,
          })
          .execute();
        break;
      }
      case 'EventMemberInvited': {
        const d = event.data;
        await trx
          .insertInto('event_invitations')
          .values({
            event_id: d.eventId,
            user_id: d.userId,
            invited_by: d.invitedBy,
            invited_at: d.invitedAt,
          })
          .execute();
        break;
      }
      case 'EventInvitationDeclined':
        await dropFromEvent(trx, 'event_invitations', event.data.eventId, event.data.userId);
        break;
      case 'GroupInvitationDeclined':
        await dropFromGroup(trx, 'group_invitations', event.data.groupId, event.data.userId);
        break;
      case 'GroupJoinRequested': {
        const d = event.data;
        await trx
          .insertInto('group_join_requests')
          .values({ group_id: d.groupId, user_id: d.userId, requested_at: d.requestedAt })
          .execute();
        break;
      }
      case 'GroupJoinDeclined':
        await dropFromGroup(trx, 'group_join_requests', event.data.groupId, event.data.userId);
        break;
      case 'GroupMemberLeft': {
        const d = event.data;
        await dropFromGroup(trx, 'group_memberships', d.groupId, d.userId);
        await countMembers(trx, d.groupId, -1, d.leftAt);
        break;
      }
      case 'GroupMemberRoleChanged':
        await setRole(trx, event.data.groupId, event.data.userId, event.data.role);
        break;
      case 'GroupHandedOver': {
        const d = event.data;
        await setRole(trx, d.groupId, d.toUserId, 'admin');
        // The group is theirs now; its text, stated again under their key, unless that opened
        // erased too (their account is gone as well): then the table keeps what it holds.
        const text = d.name === ERASED ? {} : { name: d.name, description: d.description };
        await updateGroup(trx, d.groupId, { ...text, creator_id: d.toUserId, updated_at: d.handedOverAt });
        break;
      }
      case 'GroupClosed':
        await updateGroup(trx, event.data.groupId, { closed: true, updated_at: event.data.closedAt });
        break;
      case 'EventScheduled': {
        const d = event.data;
        await trx
          .insertInto('community_events')
          .values({
            id: d.eventId,
            title: d.title,
            description: d.description === ERASED ? null : d.description,
            location: d.location,
            start_date: d.startDate,
            end_date: d.endDate,
            image_url: d.imageUrl,
            creator_id: d.creatorId,
            group_id: d.groupId,
            is_public: d.isPublic,
            max_attendees: d.maxAttendees,
            attendees_count: 0,
            waitlist_count: 0,
            cancelled: false,
            created_at: d.createdAt,
            updated_at: d.createdAt,
          })
          .execute();
        break;
      }
      case 'EventChanged': {
        const d = event.data;
        await updateEvent(trx, d.eventId, {
          location: d.location,
          start_date: d.startDate,
          end_date: d.endDate,
          updated_at: d.changedAt,
        });
        break;
      }
      case 'EventCancelled':
        await updateEvent(trx, event.data.eventId, { cancelled: true, updated_at: event.data.cancelledAt });
        break;
      case 'EventAttendeeJoined': {
        const d = event.data;
        await trx
          .insertInto('event_attendees')
          .values({
            event_id: d.eventId,
            user_id: d.userId,
            status: d.status,
            joined_at: d.joinedAt,
            position: stored.streamPosition,
          })
          .execute();
        await dropFromEvent(trx, 'event_invitations', d.eventId, d.userId);
        await countAttendees(
          trx,
          d.eventId,
          d.status === 'attending' ? 1 : 0,
          d.status === 'waitlisted' ? 1 : 0,
        );
        break;
      }
      case 'EventAttendeeLeft': {
        const d = event.data;
        await dropFromEvent(trx, 'event_attendees', d.eventId, d.userId);
        await countAttendees(
          trx,
          d.eventId,
          d.status === 'attending' ? -1 : 0,
          d.status === 'waitlisted' ? -1 : 0,
        );
        break;
      }
      case 'EventAttendeePromoted': {
        const d = event.data;
        await trx
          .updateTable('event_attendees')
          .set({ status: 'attending', position: stored.streamPosition })
          .where('event_id', '=', d.eventId)
          .where('user_id', '=', d.userId)
          .execute();
        await countAttendees(trx, d.eventId, 1, -1);
        break;
      }
      case 'CalendarFeedOpened': {
        const d = event.data;
        await sql`
          INSERT INTO calendar_feeds (user_id, token_hash, opened_at) VALUES (${d.userId}, ${d.tokenHash}, ${d.openedAt})
          ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, opened_at = EXCLUDED.opened_at`.execute(
          trx,
        );
        break;
      }
    }
  }
}

/** groups' read model of its own events; `users`, the moderation and upload copies are not in it. */
export const groupsProjection = defineProjection<GroupsDatabase>({
  name: 'groups',
  tables: PROJECTED_TABLES,
  apply: applyGroupsEvents,
});

/** Sets columns of one group's row. */
const updateGroup = (trx: Db, groupId: string, changes: Updateable<GroupsTable>) =>
  trx.updateTable('groups').set(changes).where('id', '=', groupId).execute();

/** Sets columns of one event's row. */
const updateEvent = (trx: Db, eventId: string, changes: Updateable<EventsTable>) =>
  trx.updateTable('community_events').set(changes).where('id', '=', eventId).execute();

/** The member's row of one of a group's lists goes: their membership, request or invitation. */
const dropFromGroup = (
  trx: Db,
  table: 'group_memberships' | 'group_join_requests' | 'group_invitations',
  groupId: string,
  userId: string,
) => trx.deleteFrom(table).where('group_id', '=', groupId).where('user_id', '=', userId).execute();

/** The member's row of one of an event's lists goes: their place, or their invitation. */
const dropFromEvent = (
  trx: Db,
  table: 'event_attendees' | 'event_invitations',
  eventId: string,
  userId: string,
) => trx.deleteFrom(table).where('event_id', '=', eventId).where('user_id', '=', userId).execute();

const setRole = (trx: Db, groupId: string, userId: string, role: string) =>
  trx
    .updateTable('group_memberships')
    .set({ role })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();

/** The count moves with each join and departure: written by events only, never read and rewritten. */
const countMembers = (trx: Db, groupId: string, by: number, at: string) =>
  sql`UPDATE groups SET members_count = members_count + ${by}, updated_at = ${at} WHERE id = ${groupId}`.execute(
    trx,
  );

const countAttendees = (trx: Db, eventId: string, attending: number, waitlisted: number) =>
  sql`UPDATE community_events
      SET attendees_count = attendees_count + ${attending}, waitlist_count = waitlist_count + ${waitlisted}
      WHERE id = ${eventId}`.execute(trx);
