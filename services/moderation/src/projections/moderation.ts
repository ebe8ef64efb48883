import {
  AdminGranted,
  AdminRevoked,
  BusinessHiddenByModerators,
  BusinessRestoredByModerators,
  CommentHiddenByModerators,
  CommentRestoredByModerators,
  DeadLetterHandled,
  type EventDefinition,
  type EventEnvelope,
  EventHiddenByModerators,
  EventRestoredByModerators,
  GroupHiddenByModerators,
  GroupRestoredByModerators,
  MemberVerificationSet,
  ModeratorGranted,
  ModeratorRevoked,
  PostHiddenByModerators,
  PostRestoredByModerators,
  ReportFiled,
  ReportsResolved,
  ReviewHiddenByModerators,
  ReviewRestoredByModerators,
  UserBlocked,
  UserReinstated,
  UserSuspended,
  UserUnblocked,
} from '@waco/contracts';
import { defineProjection, onEvent } from '@waco/platform';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { type ModerationDatabase, PROJECTED_TABLES } from '../db/schema';

type Db = Kysely<ModerationDatabase>;
type Apply = (event: EventEnvelope) => RawBuilder<unknown>[];

/** A resolution's action → the status its reports take. */
const STATUS_OF = { dismiss: 'dismissed', hide: 'hidden', suspend: 'suspended' } as const;

/** An audit row: the event's own id, so a replay writes the same row. */
const audit = (
  event: EventEnvelope,
  action: string,
  by: string | null,
  target: [string, string],
  note: string | null,
) =>
  sql`INSERT INTO audit (id, action, moderator_id, target_type, target_id, note, at)
      VALUES (${event.id}, ${action}, ${by}, ${target[0]}, ${target[1]}, ${note}, ${event.occurredAt})`;

/** The tables of what is hidden now: posts, comments, groups and events, each by its id. */
const HIDDEN = {
  post: { type: 'post', table: 'hidden_posts', key: 'post_id' },
  comment: { type: 'comment', table: 'hidden_comments', key: 'comment_id' },
  business: { type: 'business', table: 'hidden_businesses', key: 'business_id' },
  review: { type: 'review', table: 'hidden_reviews', key: 'review_id' },
  group: { type: 'group', table: 'hidden_groups', key: 'group_id' },
  event: { type: 'event', table: 'hidden_events', key: 'event_id' },
} as const;
type Hidden = (typeof HIDDEN)[keyof typeof HIDDEN];

/** How a thing was hidden, as every hiding event says it. */
interface Hiding {
  by: 'reports' | 'moderator';
  note: string | null;
  hiddenAt: string;
}

/** A post or comment hidden (again: its latest hiding wins). */
function hide(e: EventEnvelope, hidden: Hidden, id: string, d: Hiding) {
  const [table, key] = [sql.table(hidden.table), sql.ref(hidden.key)];
  return [
    sql`INSERT INTO ${table} (${key}, hidden_by, note, hidden_at) VALUES (${id}, ${d.by}, ${d.note}, ${d.hiddenAt})
        ON CONFLICT (${key}) DO UPDATE SET hidden_by = EXCLUDED.hidden_by, note = EXCLUDED.note, hidden_at = EXCLUDED.hidden_at`,
    // A moderator's hide is audited as their resolution; hiding by reports is the system's.
    ...(d.by === 'reports' ? [audit(e, 'auto_hide', null, [hidden.type, id], null)] : []),
  ];
}

const restore = (hidden: Hidden, id: string) =>
  sql`DELETE FROM ${sql.table(hidden.table)} WHERE ${sql.ref(hidden.key)} = ${id}`;

/** One kind's hiding and restoring events: each names the thing by its own field (`idOf`). */
function hidingAndRestoring<H extends Hiding, R>(
  hidden: Hidden,
  hiding: EventDefinition<string, z.ZodType<H>>,
  restoring: EventDefinition<string, z.ZodType<R>>,
  idOf: (d: H | R) => string,
): [string, Apply][] {
  return [
    onEvent(hiding, (d, e) => hide(e, hidden, idOf(d), d)),
    onEvent(restoring, (d) => [restore(hidden, idOf(d))]),
  ];
}

/** What each of moderation's events writes to its read tables, statement by statement. */
const APPLY: Record<string, Apply> = Object.fromEntries([
  onEvent(ReportFiled, (d) => [
    sql`INSERT INTO reports (id, target_type, target_id, target_owner_id, reporter_id, reason, details, created_at)
        VALUES (${d.reportId}, ${d.targetType}, ${d.targetId}, ${d.targetOwnerId}, ${d.reporterId}, ${d.reason},
                ${d.details}, ${d.filedAt})`,
  ]),
  onEvent(ReportsResolved, (d, e) => [
    sql`UPDATE reports SET status = ${STATUS_OF[d.action]}, outcome_note = ${d.note}, resolved_at = ${d.resolvedAt}
        WHERE id = ANY(${d.reportIds}::uuid[])`,
    audit(e, d.action, d.moderatorId, [d.targetType, d.targetId], d.note),
  ]),
  ...hidingAndRestoring(HIDDEN.post, PostHiddenByModerators, PostRestoredByModerators, (d) => d.postId),
  ...hidingAndRestoring(
    HIDDEN.comment,
    CommentHiddenByModerators,
    CommentRestoredByModerators,
    (d) => d.commentId,
  ),
  ...hidingAndRestoring(
    HIDDEN.business,
    BusinessHiddenByModerators,
    BusinessRestoredByModerators,
    (d) => d.businessId,
  ),
  ...hidingAndRestoring(
    HIDDEN.review,
    ReviewHiddenByModerators,
    ReviewRestoredByModerators,
    (d) => d.reviewId,
  ),
  ...hidingAndRestoring(HIDDEN.group, GroupHiddenByModerators, GroupRestoredByModerators, (d) => d.groupId),
  ...hidingAndRestoring(HIDDEN.event, EventHiddenByModerators, EventRestoredByModerators, (d) => d.eventId),
  onEvent(MemberVerificationSet, (d, e) => [
    d.verified
      ? sql`INSERT INTO verified_members (user_id, verified_at) VALUES (${d.userId}, ${d.at}) ON CONFLICT (user_id) DO NOTHING`
      : sql`DELETE FROM verified_members WHERE user_id = ${d.userId}`,
    audit(e, d.verified ? 'verify' : 'unverify', d.moderatorId, ['user', d.userId], null),
  ]),
  onEvent(UserSuspended, (d) => [
    sql`INSERT INTO suspensions (user_id, note, moderator_id, since) VALUES (${d.userId}, ${d.note}, ${d.moderatorId}, ${d.suspendedAt})
        ON CONFLICT (user_id) DO NOTHING`,
  ]),
  onEvent(UserReinstated, (d, e) => [
    sql`DELETE FROM suspensions WHERE user_id = ${d.userId}`,
    audit(e, 'reinstate', d.moderatorId, ['user', d.userId], null),
  ]),
  onEvent(ModeratorGranted, ({ userId, grantedAt, by }, e) => [
    sql`INSERT INTO moderators (user_id, granted_at) VALUES (${userId}, ${grantedAt}) ON CONFLICT (user_id) DO NOTHING`,
    audit(e, 'grant_moderator', by ?? null, ['user', userId], null),
  ]),
  onEvent(ModeratorRevoked, ({ userId, by }, e) => [
    sql`DELETE FROM moderators WHERE user_id = ${userId}`,
    audit(e, 'revoke_moderator', by ?? null, ['user', userId], null),
  ]),
  onEvent(AdminGranted, ({ userId, grantedAt }, e) => [
    sql`INSERT INTO admins (user_id, granted_at) VALUES (${userId}, ${grantedAt}) ON CONFLICT (user_id) DO NOTHING`,
    audit(e, 'grant_admin', null, ['user', userId], null),
  ]),
  onEvent(AdminRevoked, ({ userId }, e) => [
    sql`DELETE FROM admins WHERE user_id = ${userId}`,
    audit(e, 'revoke_admin', null, ['user', userId], null),
  ]),
  // The console's and the operator's dead-letter actions: in the audit list only.
  onEvent(DeadLetterHandled, (d, e) => {
    const what = `${d.consumer}: ${d.eventType ?? 'an unreadable message'}`;
    return [audit(e, `${d.action}_dead_letter`, d.adminId, ['dead_letter', d.deadLetterId], what)];
  }),
  onEvent(UserBlocked, (d) => [
    sql`INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (${d.blockerId}, ${d.blockedId}, ${d.blockedAt})
        ON CONFLICT (blocker_id, blocked_id) DO NOTHING`,
  ]),
  onEvent(UserUnblocked, (d) => [
    sql`DELETE FROM blocks WHERE blocker_id = ${d.blockerId} AND blocked_id = ${d.blockedId}`,
  ]),
]);

/**
 * Applies moderation's events to its read tables: reports, moderators, suspensions, blocks,
 * hidden posts, comments, groups and events, verified members and the audit list. Called in the appending transaction, and by the rebuild.
 */
export async function applyModerationEvents(trx: Db, events: EventEnvelope[]) {
  for (const event of events) {
    for (const statement of APPLY[event.type]?.(event) ?? []) await statement.execute(trx);
  }
}

/** moderation's read model of its own events; the copies (users, posts, comments, messages) are not in it. */
export const moderationProjection = defineProjection<ModerationDatabase>({
  name: 'moderation',
  tables: PROJECTED_TABLES,
  apply: applyModerationEvents,
});
