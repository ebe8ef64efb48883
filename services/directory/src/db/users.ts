import { userDirectory } from '@waco/platform';

/** directory's copy of identity's users (the platform's user directory): reviewers' names. */
export const users = userDirectory('users');
