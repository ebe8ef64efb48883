import type { PersonalDataQueries } from '@waco/platform';

/** What messaging holds about a user, for their account export: messages both ways. */
export const MESSAGING_PERSONAL_DATA: PersonalDataQueries = {
  // Each message sent or received, with the other person's public name and the conversation's post.
  messages: `
    SELECT m.id, m.conversation_id, m.sender_id = $1 AS sent,
           CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END AS other_user_id,
           concat_ws(' ', u.first_name, u.last_name) AS other_user_name,
           m.content, m.is_read, m.created_at
    FROM messages m
    LEFT JOIN users u ON u.id = CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END
    WHERE m.sender_id = $1 OR m.recipient_id = $1
    ORDER BY m.conversation_id, m.created_at`,
  conversations: `
    SELECT c.conversation_id, c.other_user_id, c.post_id, p.title AS post_title, c.unread_count,
           c.last_message_at
    FROM conversation_members c LEFT JOIN posts p ON p.id = c.post_id
    WHERE c.user_id = $1 ORDER BY c.last_message_at DESC`,
};
