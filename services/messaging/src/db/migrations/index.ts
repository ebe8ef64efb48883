import type { Migration } from 'kysely/migration';
import { usersMessagesConversations } from './0001_users_messages_conversations';

/** Messaging's migrations, run in name order after the platform's `0000_` ones. */
export const messagingMigrations: Record<string, Migration> = {
  '0001_users_messages_conversations': usersMessagesConversations,
};
