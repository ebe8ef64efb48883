import type { PersonalDataQueries } from '@waco/platform';

/** What posts holds about a user, for their account export: every table keyed by them. */
export const POSTS_PERSONAL_DATA: PersonalDataQueries = {
  posts: `
    SELECT id, category, title, description, neighborhood, price, company, salary, event_date, address,
           image_paths, contact_phone, contact_email, hashtags, state, closed_reason, closed_at,
           edited_at, expires_at, likes_count, saves_count, interested_count, going_count,
           created_at, updated_at
    FROM posts WHERE user_id = $1 ORDER BY created_at`,
  likes: `
    SELECT r.post_id, p.title AS post_title, r.created_at
    FROM post_likes r LEFT JOIN posts p ON p.id = r.post_id WHERE r.user_id = $1 ORDER BY r.created_at`,
  saves: `
    SELECT r.post_id, p.title AS post_title, r.created_at
    FROM saved_posts r LEFT JOIN posts p ON p.id = r.post_id WHERE r.user_id = $1 ORDER BY r.created_at`,
  eventAnswers: `
    SELECT a.post_id, p.title AS post_title, a.status, a.created_at, a.updated_at
    FROM event_attendance a LEFT JOIN posts p ON p.id = a.post_id WHERE a.user_id = $1 ORDER BY a.created_at`,
  comments: `
    SELECT c.id, c.post_id, p.title AS post_title, c.parent_id, c.content, c.created_at, c.edited_at
    FROM comments c LEFT JOIN posts p ON p.id = c.post_id
    WHERE c.user_id = $1 AND NOT c.deleted ORDER BY c.created_at`,
  commentLikes: `
    SELECT l.comment_id, l.post_id, p.title AS post_title, l.created_at
    FROM comment_likes l LEFT JOIN posts p ON p.id = l.post_id WHERE l.user_id = $1 ORDER BY l.created_at`,
  savedSearches: `
    SELECT id, query, category, neighborhood, min_price, max_price, created_at
    FROM saved_searches WHERE user_id = $1 ORDER BY created_at`,
  filterUsage: `
    SELECT filter_type, filter_value, usage_count, last_used, created_at
    FROM user_filter_preferences WHERE user_id = $1 ORDER BY last_used DESC`,
};
