import {
  groupVisibleTo,
  type HiddenCommentsCopyTable,
  type HiddenPostsCopyTable,
  type ModerationCopyTables,
  moderationCopies,
} from '@waco/platform';
import { type RawBuilder, sql } from 'kysely';

// What posts enforces of moderation's decisions, from its copy of their events: a
// hidden post is seen only by its owner, a hidden comment's text only by its writer, a blocker no longer sees the blocked member's posts,
// a group hidden by moderators takes its posts with it (but for their authors),
// and a suspended member can neither post nor like.

/** posts' copy of blocks, suspensions, hidden posts, comments, groups and events (the platform's building block). */
export const moderation = moderationCopies({
  hiddenPosts: true,
  hiddenComments: true,
  hiddenGroupsEvents: true,
});

export type PostsModerationTables = ModerationCopyTables & HiddenPostsCopyTable & HiddenCommentsCopyTable;

/**
 * The conditions a post `p` of a list or a page must meet for the viewer (undefined: a guest):
 * not hidden by moderators unless the viewer owns it, and not by someone the viewer blocked;
 * a private group's post only for its members (the platform's groups copy). Every list, a post's page, its
 * comments and the sitemap go by these, so a private group's post is nowhere for an outsider.
 * The viewer goes in a parameter, so a list's SQL keeps to two shapes (guest, member).
 */
export function visibleTo(viewerId: string | null | undefined): RawBuilder<unknown>[] {
  if (!viewerId) {
    return [
      sql`NOT EXISTS (SELECT 1 FROM moderation_hidden_posts h WHERE h.post_id = p.id AND h.hidden)`,
      sql`NOT EXISTS (SELECT 1 FROM moderation_hidden_groups hg WHERE hg.group_id = p.group_id AND hg.hidden)`,
      groupVisibleTo(null),
    ];
  }
  return [
    groupVisibleTo(viewerId),
    sql`NOT EXISTS (SELECT 1 FROM moderation_hidden_posts h
                    WHERE h.post_id = p.id AND h.hidden AND p.user_id <> ${viewerId}::uuid)`,
    // A group hidden by moderators takes its posts with it, for all but their authors.
    sql`NOT EXISTS (SELECT 1 FROM moderation_hidden_groups hg
                    WHERE hg.group_id = p.group_id AND hg.hidden AND p.user_id <> ${viewerId}::uuid)`,
    sql`NOT EXISTS (SELECT 1 FROM moderation_blocks b
                    WHERE b.blocker_id = ${viewerId}::uuid AND b.blocked_id = p.user_id AND b.blocked)`,
  ];
}

/**
 * Added to a post's JSON: `hiddenByModerators` with the moderators' note, on a hidden post
 * (which only its owner can see), nothing otherwise.
 */
export const HIDDEN_BY_MODERATORS_JSON = sql`COALESCE(
    (SELECT jsonb_build_object('hiddenByModerators', jsonb_build_object('note', h.note))
     FROM moderation_hidden_posts h WHERE h.post_id = p.id AND h.hidden),
    '{}'::jsonb)`;
