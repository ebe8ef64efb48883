import {
  FORMER_MEMBER,
  foldForSearch,
  locateMentions,
  MENTION_SUGGESTIONS_MAX,
  type MentionRequest,
  type MentionSuggestion,
} from '@waco/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { MentionCandidate } from '../domain/mentions';
import { moderation } from './moderation';
import type { PostsDatabase } from './schema';

// A deleted account keeps its row in `authors`, renamed "Former member" without a photo: it can
// be neither suggested nor mentioned.
const NOT_FORMER = sql`NOT (a.first_name = ${FORMER_MEMBER.firstName} AND a.last_name = ${FORMER_MEMBER.lastName}
                            AND a.profile_image_url IS NULL)`;

/** Where a text is written: a new post (in a group or none), or an existing post or comment. */
export type MentionPlace = { groupId: string | null } | { postId: string } | { commentId: string };

/** The group of the post a text is written on (SQL), or NULL. */
function groupOfPlace(place: MentionPlace): RawBuilder<unknown> {
  if ('groupId' in place) return sql`${place.groupId}::uuid`;
  if ('postId' in place) return sql`(SELECT group_id FROM posts WHERE id = ${place.postId}::uuid)`;
  return sql`(SELECT p.group_id FROM comments c JOIN posts p ON p.id = c.post_id WHERE c.id = ${place.commentId}::uuid)`;
}

/**
 * The mentions a text holds, each with the facts the decider keeps or drops it by: among them,
 * whether the person is an outsider of the private group the text is written in (`place`), who
 * could not open what mentions them.
 */
export async function mentionCandidates(
  db: Kysely<PostsDatabase>,
  writerId: string,
  text: string,
  requested: readonly MentionRequest[],
  place: MentionPlace,
): Promise<MentionCandidate[]> {
  const spans = locateMentions(text, requested);
  if (spans.length === 0) return [];
  const { rows } = await sql<{ id: string; outsider: boolean }>`
    SELECT a.id, EXISTS (
        SELECT 1 FROM group_copies g WHERE g.group_id = ${groupOfPlace(place)} AND NOT g.is_public
          AND NOT EXISTS (SELECT 1 FROM group_members_copy m
                          WHERE m.group_id = g.group_id AND m.user_id = a.id AND m.role IS NOT NULL)) AS outsider
    FROM authors a WHERE a.id = ANY(${spans.map((s) => s.userId)}::uuid[]) AND ${NOT_FORMER}`.execute(db);
  const known = new Map(rows.map((r) => [r.id, r]));
  const candidates: MentionCandidate[] = [];
  for (const span of spans) {
    const blocked = await moderation.blockedBetween(db, writerId, span.userId);
    const row = known.get(span.userId);
    candidates.push({ span, known: row !== undefined, blocked, outsider: row?.outsider ?? false });
  }
  return candidates;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const literalLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Members with a word of their name, or their full name, starting with `prefix`, whatever the
 * case and the accents ("jose" finds "José", "pena" "Peña": `search_name`, folded as the prefix
 * is), for the `@` suggestions: never the viewer, a former member, or anyone the viewer blocked
 * or who blocked the viewer. People the viewer follows come first, then by name.
 */
export async function mentionSuggestions(
  db: Kysely<PostsDatabase>,
  viewerId: string,
  prefix: string,
): Promise<MentionSuggestion[]> {
  const folded = literalLike(foldForSearch(prefix));
  const [start, word] = [`${folded}%`, `% ${folded}%`];
  const { rows } = await sql<MentionSuggestion>`
    SELECT a.id, a.first_name AS "firstName", a.last_name AS "lastName", a.profile_image_url AS "profileImageUrl"
    FROM authors a
    WHERE a.id <> ${viewerId}::uuid AND ${NOT_FORMER}
      AND (a.search_name LIKE ${start} OR a.search_name LIKE ${word})
      AND NOT EXISTS (SELECT 1 FROM moderation_blocks b WHERE b.blocked
                      AND ((b.blocker_id = ${viewerId}::uuid AND b.blocked_id = a.id)
                        OR (b.blocker_id = a.id AND b.blocked_id = ${viewerId}::uuid)))
    ORDER BY EXISTS (SELECT 1 FROM follows_copy f WHERE f.follower_id = ${viewerId}::uuid AND f.following_id = a.id) DESC,
             a.search_name, a.id
    LIMIT ${MENTION_SUGGESTIONS_MAX}`.execute(db);
  return rows;
}
