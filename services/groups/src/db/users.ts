import { userDirectory } from '@waco/platform';

/** groups' copy of identity's users (the platform's user directory): names in member lists. */
export const users = userDirectory('users');

/** Who no viewer is: a guest's id in joins, so that a guest matches no membership nor sign-up. */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** A person's name and photo in a list of people (members, attendees): the directory joined as `u`. */
export const PERSON_COLUMNS = ['u.first_name', 'u.last_name', 'u.profile_image_url'] as const;

/** The person's name and photo as the lists answer them (null for someone the directory lacks). */
export function personOf(row: {
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}) {
  return {
    firstName: row.first_name ?? null,
    lastName: row.last_name ?? null,
    profileImageUrl: row.profile_image_url ?? null,
  };
}
