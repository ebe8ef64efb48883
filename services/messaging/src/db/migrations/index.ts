import type { Migration } from 'kysely/migration';
import { moderation } from '../moderation';
import { postsCopyMigration } from '../posts';
import { users } from '../users';
import { usersMessagesConversations } from './0001_users_messages_conversations';
import { memberLimits } from './0006_member_limits';
import { deals } from './0007_deals';
import { messagePhotos } from './0008_message_photos';
import { groupPosts } from './0009_group_posts';

/**
 * Messaging's migrations, run in name order after the platform's `0000_` ones. 0001 once created
 * `users` itself; the user directory's migration creates it only where it is missing, so a
 * database migrated before keeps its rows.
 */
export const messagingMigrations: Record<string, Migration> = {
  '0001_users_messages_conversations': usersMessagesConversations,
  '0002_user_directory': users.migration,
  // Blocks and suspensions (moderation's events): the platform's building block.
  '0003_moderation_copies': moderation.migration,
  // The post a conversation is about, a copy of posts, and the hidden posts' copy
  // (moderation's migration again: it creates only the tables that are missing).
  '0004_conversation_posts': postsCopyMigration,
  '0005_hidden_posts_copy': moderation.migration,
  // The limit on messaging new people: members' standing, and the conversations they opened.
  '0006_member_limits': memberLimits,
  // Offers and ratings between neighbours, and where each post stands (pending, sold to whom).
  '0007_deals': deals,
  // Photos in messages, and whose uploads they are.
  '0008_message_photos': messagePhotos,
  // Each post's group, and groups' copy: which are public, who is a member.
  '0009_group_posts': groupPosts,
};
