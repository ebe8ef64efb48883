import { moderationCopies } from '@waco/platform';
import { type RawBuilder, sql } from 'kysely';

/**
 * groups' copy of moderation's blocks, suspensions and hidden groups and events: a suspended
 * member creates nothing here, and what moderators hid is gone for all but its owner.
 */
export const moderation = moderationCopies({ hiddenGroupsEvents: true });

/**
 * The condition: the group `groupId` (SQL) is not hidden by moderators, or the viewer owns it (its
 * creator, or who it was handed over to: `creatorId`, SQL) and still sees it, to know what happened.
 */
export function groupNotHidden(
  groupId: RawBuilder<unknown>,
  creatorId: RawBuilder<unknown>,
  viewerId: string | null,
) {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM moderation_hidden_groups h
    WHERE h.group_id = ${groupId} AND h.hidden AND ${creatorId} IS DISTINCT FROM ${viewerId}::uuid)`;
}

/** The condition: the event is not hidden by moderators, or the viewer organised it. */
export function eventNotHidden(
  eventId: RawBuilder<unknown>,
  creatorId: RawBuilder<unknown>,
  viewerId: string | null,
) {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM moderation_hidden_events h
    WHERE h.event_id = ${eventId} AND h.hidden AND ${creatorId} IS DISTINCT FROM ${viewerId}::uuid)`;
}
