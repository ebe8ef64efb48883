import { userDirectory } from '@waco/platform';

/** groups' copy of identity's users (the platform's user directory): names in member lists. */
export const users = userDirectory('users');
