import type { PersonalDataQueries } from '@waco/platform';

/** What media holds about a user, for their account export: the photos they uploaded. */
export const MEDIA_PERSONAL_DATA: PersonalDataQueries = {
  uploads: `
    SELECT key, status, content_type, size, width, height, rejection, created_at
    FROM uploads WHERE owner_id = $1 ORDER BY created_at`,
};
