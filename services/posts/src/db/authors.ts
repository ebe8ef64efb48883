import { userDirectory } from '@waco/platform';

/**
 * Posts' copy of identity's users (the platform's user directory), kept as `authors`: names and
 * avatars the feed joins, so that it never calls identity; and each member's standing (when they
 * signed up, whether they verified their email), which the posting limits go by; and each name
 * folded for search (no case, no accents), which the `@` suggestions match.
 */
export const authors = userDirectory('authors', { standing: true, searchNames: true });
