import { GROUP_MEMBERS_ONLY_POSTS, GROUP_NOT_FOUND, type GroupRole } from '@waco/contracts';
import { type GroupFacts, RuleBroken } from '@waco/platform';

/** What a command found of the group a post is sent to (posts' copy of groups' events). */
export type { GroupFacts };

/**
 * Only a group's members post in it: 403 for an outsider of a public group; a private group
 * answers an outsider 404, as if not there (as groups does), and so does one posts does not know.
 */
export function refuseOutsider(group: GroupFacts | undefined) {
  if (!group?.known || (!group.isPublic && !group.role))
    throw new RuleBroken(GROUP_NOT_FOUND, { status: 404, field: 'groupId' });
  if (!group.role) throw new RuleBroken(GROUP_MEMBERS_ONLY_POSTS, { status: 403, field: 'groupId' });
}

/** A group's moderators and admins remove its posts and comments (besides their owners). */
export const moderatesGroup = (role: GroupRole | null | undefined) =>
  role === 'moderator' || role === 'admin';
