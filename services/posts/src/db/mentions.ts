import {
  FORMER_MEMBER,
  foldForSearch,
  locateMentions,
  MENTION_SUGGESTIONS_MAX,
  type MentionRequest,
  type MentionSuggestion,
} from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { MentionCandidate } from '../domain/mentions';
import { moderation } from './moderation';
import type { PostsDatabase } from './schema';

// A deleted account keeps its row in `authors`, renamed "Former member" without a photo: it can
// be neither suggested nor mentioned.
const NOT_FORMER = sql`NOT (a.first_name = ${FORMER_MEMBER.firstName} AND a.last_name = ${FORMER_MEMBER.lastName}
                            AND a.profile_image_url IS NULL)`;

/** The mentions a text holds, each with the facts the decider keeps or drops it by. */
export async function mentionCandidates(
  db: Kysely<PostsDatabase>,
  writerId: string,
  text: string,
  requested: readonly MentionRequest[],
): Promise<MentionCandidate[]> {
  const spans = locateMentions(text, requested);
  if (spans.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT a.id FROM authors a WHERE a.id = ANY(${spans.map((s) => s.userId)}::uuid[]) AND ${NOT_FORMER}`.execute(
    db,
  );
  const known = new Set(rows.map((r) => r.id));
  const candidates: MentionCandidate[] = [];
  for (const span of spans) {
    const blocked = await moderation.blockedBetween(db, writerId, span.userId);
    candidates.push({ span, known: known.has(span.userId), blocked });
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
