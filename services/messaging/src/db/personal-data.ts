import type { PersonalDataQueries } from '@waco/platform';

/** What messaging holds about a user, for their account export: messages both ways. */
export const MESSAGING_PERSONAL_DATA: PersonalDataQueries = {
  // Each message sent or received, with the other person's public name and the conversation's post.
  messages: `
    SELECT m.id, m.conversation_id, m.sender_id = $1 AS sent,
           CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END AS other_user_id,
           concat_ws(' ', u.first_name, u.last_name) AS other_user_name,
           m.content, m.image_paths, m.is_read, m.created_at
    FROM messages m
    LEFT JOIN users u ON u.id = CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END
    WHERE m.sender_id = $1 OR m.recipient_id = $1
    ORDER BY m.conversation_id, m.created_at`,
  conversations: `
    SELECT c.conversation_id, c.other_user_id, c.post_id, p.title AS post_title, c.unread_count,
           c.last_message_at
    FROM conversation_members c LEFT JOIN posts p ON p.id = c.post_id
    WHERE c.user_id = $1 ORDER BY c.last_message_at DESC`,
  // Offers made or received, and ratings given or received (with the other's public name).
  offers: `
    SELECT o.id, o.conversation_id, o.post_id, o.from_id = $1 AS made, o.from_id, o.to_id,
           o.amount_cents, o.status, o.created_at, o.answered_at
    FROM offers o WHERE o.from_id = $1 OR o.to_id = $1 ORDER BY o.created_at`,
  ratings: `
    SELECT r.id, r.post_id, r.rater_id = $1 AS given, r.rater_id, r.ratee_id,
           concat_ws(' ', u.first_name, u.last_name) AS other_user_name, r.score, r.note, r.created_at
    FROM ratings r
    LEFT JOIN users u ON u.id = CASE WHEN r.rater_id = $1 THEN r.ratee_id ELSE r.rater_id END
    WHERE r.rater_id = $1 OR r.ratee_id = $1 ORDER BY r.created_at`,
};
