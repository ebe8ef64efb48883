import { moderationCopies } from '@waco/platform';
import { type RawBuilder, sql } from 'kysely';

/**
 * groups' copy of moderation's blocks, suspensions and hidden groups and events: a suspended
 * member creates nothing here, and what moderators hid is gone for all but its owner.
 */
export const moderation = moderationCopies({ hiddenGroupsEvents: true });

/**
 * The condition: the group (or event) `id` (SQL) is not hidden by moderators, or the viewer owns
 * it (`creatorId`, SQL: a group's creator or who it was handed over to, an event's organiser) and
 * still sees it, to know what happened.
 */
const notHidden =
  (table: 'moderation_hidden_groups' | 'moderation_hidden_events', key: 'group_id' | 'event_id') =>
  (id: RawBuilder<unknown>, creatorId: RawBuilder<unknown>, viewerId: string | null) =>
    sql<boolean>`NOT EXISTS (SELECT 1 FROM ${sql.table(table)} h
      WHERE ${sql.ref(`h.${key}`)} = ${id} AND h.hidden AND ${creatorId} IS DISTINCT FROM ${viewerId}::uuid)`;

export const groupNotHidden = notHidden('moderation_hidden_groups', 'group_id');
export const eventNotHidden = notHidden('moderation_hidden_events', 'event_id');
