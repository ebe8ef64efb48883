import { userDirectory } from '@waco/platform';

/** moderation's copy of identity's users (names and avatars for the queue and block lists). */
export const users = userDirectory('users');
