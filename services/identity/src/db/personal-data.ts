import type { PersonalDataQueries } from '@waco/platform';

/** What identity holds about a user, for their account export: never a secret. */
export const IDENTITY_PERSONAL_DATA: PersonalDataQueries = {
  profile: `
    SELECT id, email, first_name, last_name, bio, location, phone, profile_image_url, language,
           email_verified AS email_verified_at, created_at, updated_at
    FROM users WHERE id = $1`,
  // The devices signed in now (no token: only its hash is kept, and it is no one's business).
  sessions: `
    SELECT sess->>'createdAt' AS signed_in_at, sess->>'userAgent' AS user_agent, expire AS expires_at
    FROM sessions WHERE sess->>'userId' = $1::text ORDER BY expire`,
};
