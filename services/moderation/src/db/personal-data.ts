import type { PersonalDataQueries } from '@waco/platform';

/** What moderation holds about a user, for their account export. */
export const MODERATION_PERSONAL_DATA: PersonalDataQueries = {
  reportsMade: `
    SELECT id, target_type, target_id, reason, details, status, created_at, resolved_at
    FROM reports WHERE reporter_id = $1 ORDER BY created_at`,
  blocks: `
    SELECT b.blocked_id AS user_id, concat_ws(' ', u.first_name, u.last_name) AS name, b.created_at
    FROM blocks b LEFT JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1 ORDER BY b.created_at`,
  suspensions: `SELECT note, since FROM suspensions WHERE user_id = $1`,
  moderatorRole: `SELECT granted_at FROM moderators WHERE user_id = $1`,
};
