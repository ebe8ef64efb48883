import {
  type EventEnvelope,
  ModeratorGranted,
  ModeratorRevoked,
  PostHiddenByModerators,
  PostRestoredByModerators,
  ReportFiled,
  ReportsResolved,
  UserBlocked,
  UserReinstated,
  UserSuspended,
  UserUnblocked,
} from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import type { Kysely } from 'kysely';
import { type ModerationDatabase, PROJECTED_TABLES } from '../db/schema';

type Db = Kysely<ModerationDatabase>;

/** A resolution's action → the status its reports take. */
const STATUS_OF = { dismiss: 'dismissed', hide: 'hidden', suspend: 'suspended' } as const;

/**
 * Applies moderation's events to its read tables: reports, moderators, suspensions, blocks,
 * hidden posts and the audit list. Called in the appending transaction, and by the rebuild.
 */
export async function applyModerationEvents(trx: Db, events: EventEnvelope[]) {
  for (const event of events) await applyOne(trx, event);
}

async function applyOne(trx: Db, event: EventEnvelope) {
  switch (event.type) {
    case ReportFiled.type: {
      const d = ReportFiled.schema.parse(event.data);
      await trx
        .insertInto('reports')
        .values({
          id: d.reportId,
          target_type: d.targetType,
          target_id: d.targetId,
          target_owner_id: d.targetOwnerId,
          reporter_id: d.reporterId,
          reason: d.reason,
          details: d.details,
          status: 'open',
          created_at: d.filedAt,
        })
        .execute();
      return;
    }
    case ReportsResolved.type: {
      const d = ReportsResolved.schema.parse(event.data);
      if (d.reportIds.length > 0) {
        await trx
          .updateTable('reports')
          .set({ status: STATUS_OF[d.action], outcome_note: d.note, resolved_at: d.resolvedAt })
          .where('id', 'in', d.reportIds)
          .execute();
      }
      await audit(trx, event, d.action, d.moderatorId, d.targetType, d.targetId, d.note, d.resolvedAt);
      return;
    }
    case PostHiddenByModerators.type: {
      const d = PostHiddenByModerators.schema.parse(event.data);
      await trx
        .insertInto('hidden_posts')
        .values({ post_id: d.postId, hidden_by: d.by, note: d.note, hidden_at: d.hiddenAt })
        .onConflict((oc) =>
          oc.column('post_id').doUpdateSet({ hidden_by: d.by, note: d.note, hidden_at: d.hiddenAt }),
        )
        .execute();
      // A moderator's hide is audited as their resolution; hiding by reports is the system's.
      if (d.by === 'reports') await audit(trx, event, 'auto_hide', null, 'post', d.postId, null, d.hiddenAt);
      return;
    }
    case PostRestoredByModerators.type: {
      const d = PostRestoredByModerators.schema.parse(event.data);
      await trx.deleteFrom('hidden_posts').where('post_id', '=', d.postId).execute();
      return;
    }
    case UserSuspended.type: {
      const d = UserSuspended.schema.parse(event.data);
      await trx
        .insertInto('suspensions')
        .values({ user_id: d.userId, note: d.note, moderator_id: d.moderatorId, since: d.suspendedAt })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return;
    }
    case UserReinstated.type: {
      const d = UserReinstated.schema.parse(event.data);
      await trx.deleteFrom('suspensions').where('user_id', '=', d.userId).execute();
      await audit(trx, event, 'reinstate', d.moderatorId, 'user', d.userId, null, d.reinstatedAt);
      return;
    }
    case ModeratorGranted.type: {
      const d = ModeratorGranted.schema.parse(event.data);
      await trx
        .insertInto('moderators')
        .values({ user_id: d.userId, granted_at: d.grantedAt })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      await audit(trx, event, 'grant_moderator', null, 'user', d.userId, null, d.grantedAt);
      return;
    }
    case ModeratorRevoked.type: {
      const d = ModeratorRevoked.schema.parse(event.data);
      await trx.deleteFrom('moderators').where('user_id', '=', d.userId).execute();
      await audit(trx, event, 'revoke_moderator', null, 'user', d.userId, null, d.revokedAt);
      return;
    }
    case UserBlocked.type: {
      const d = UserBlocked.schema.parse(event.data);
      await trx
        .insertInto('blocks')
        .values({ blocker_id: d.blockerId, blocked_id: d.blockedId, created_at: d.blockedAt })
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .execute();
      return;
    }
    case UserUnblocked.type: {
      const d = UserUnblocked.schema.parse(event.data);
      await trx
        .deleteFrom('blocks')
        .where('blocker_id', '=', d.blockerId)
        .where('blocked_id', '=', d.blockedId)
        .execute();
      return;
    }
  }
}

async function audit(
  trx: Db,
  event: EventEnvelope,
  action: string,
  moderatorId: string | null,
  targetType: string,
  targetId: string,
  note: string | null,
  at: string,
) {
  await trx
    .insertInto('audit')
    .values({
      id: event.id,
      action,
      moderator_id: moderatorId,
      target_type: targetType,
      target_id: targetId,
      note,
      at,
    })
    .execute();
}

/** moderation's read model of its own events; the copies (users, posts, messages) are not in it. */
export const moderationProjection = defineProjection<ModerationDatabase>({
  name: 'moderation',
  tables: PROJECTED_TABLES,
  apply: applyModerationEvents,
});
