import { userDirectory } from '@waco/platform';

/**
 * Posts' copy of identity's users (the platform's user directory), kept as `authors`: names and
 * avatars the feed joins, so that it never calls identity.
 */
export const authors = userDirectory('authors');
