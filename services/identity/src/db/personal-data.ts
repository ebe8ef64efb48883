import type { PersonalDataQueries } from '@waco/platform';

/** What identity holds about a user, for their account export: never a secret. */
export const IDENTITY_PERSONAL_DATA: PersonalDataQueries = {
  profile: `
    SELECT id, email, first_name, last_name, bio, location, phone, profile_image_url, language,
           email_verified AS email_verified_at, created_at, updated_at
    FROM users WHERE id = $1`,
  // Their standing: the verified mark, the reputation and what it was scored from, and badges.
  standing: `
    SELECT is_verified, reputation_score, email_verified, posts, events_hosted, comment_likes, sales,
           upheld_reports, suspensions
    FROM member_standing WHERE user_id = $1`,
  badges: `
    SELECT id, user_id, badge_type, earned_at FROM user_badges WHERE user_id = $1 ORDER BY earned_at`,
  // Whom they follow and who follows them (with when, and whether they get alerts).
  following: `
    SELECT following_id AS user_id, alerts, created_at AS followed_at
    FROM follows WHERE follower_id = $1 ORDER BY created_at`,
  followers: `
    SELECT follower_id AS user_id, created_at AS followed_at
    FROM follows WHERE following_id = $1 ORDER BY created_at`,
  // The devices signed in now (no token: only its hash is kept, and it is no one's business).
  sessions: `
    SELECT sess->>'createdAt' AS signed_in_at, sess->>'userAgent' AS user_agent, expire AS expires_at
    FROM sessions WHERE sess->>'userId' = $1::text ORDER BY expire`,
};
