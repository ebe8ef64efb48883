import type { ConversationSummary } from '@waco/contracts';
import { groupVisibleTo } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { blockedPeersOf } from './moderation';
import { conversationPost } from './posts';
import type { MessagingDatabase } from './schema';

/** The user's conversations with at least one message, newest first, with the other's name. */
export async function conversationSummaries(
  db: Kysely<MessagingDatabase>,
  userId: string,
  limit: number,
): Promise<ConversationSummary[]> {
  const rows = await db
    .selectFrom('conversation_members as m')
    .leftJoin('users as u', 'u.id', 'm.other_user_id')
    // What the conversation is about, as the viewer may see it now (deleted, hidden, or in a
    // private group the viewer is not, or no longer, a member of: gone).
    .leftJoin('posts as p', 'p.id', 'm.post_id')
    .leftJoin('moderation_hidden_posts as h', 'h.post_id', 'm.post_id')
    .select([
      'm.conversation_id',
      'm.other_user_id',
      'm.last_message',
      'm.last_message_at',
      'm.unread_count',
      'u.first_name',
      'u.last_name',
      'u.profile_image_url',
      'm.post_id',
      'p.title as post_title',
      'p.image_path as post_image_path',
      sql<boolean>`(h.hidden IS NOT TRUE OR p.owner_id = ${userId}) AND ${groupVisibleTo(userId)}`.as(
        'post_visible',
      ),
    ])
    .where('m.user_id', '=', userId)
    .orderBy('m.last_message_at', 'desc')
    .orderBy('m.conversation_id')
    .limit(limit)
    .execute();
  // A conversation with someone either of the two blocked is closed: readable, no more sending.
  const blocked = await blockedPeersOf(db, userId);
  return rows.map((row) => ({
    conversationId: row.conversation_id,
    otherUserId: row.other_user_id,
    otherUser: {
      firstName: row.first_name,
      lastName: row.last_name,
      profileImageUrl: row.profile_image_url,
    },
    lastMessage: row.last_message,
    lastMessageDate: row.last_message_at.toISOString(),
    unreadCount: row.unread_count,
    ...withPost(conversationPost(row)),
    ...(blocked.has(row.other_user_id) ? { closed: true } : {}),
  }));
}

/** How many messages of one conversation the user has not read. */
export async function unreadCount(db: Kysely<MessagingDatabase>, userId: string, conversationId: string) {
  const row = await db
    .selectFrom('conversation_members')
    .select('unread_count')
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return row?.unread_count ?? 0;
}

const withPost = (post: ConversationSummary['post']) => (post ? { post } : {});
