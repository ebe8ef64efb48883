import { ProfileUpdated, type ProfileUpdateRequest } from '@waco/contracts';
import { appendToStream, newEvent, unauthorized } from '@waco/platform';
import { type UserRow, untyped } from '../db/schema';
import { findUserById } from '../db/users';
import { decideProfileUpdate } from '../domain/profile';
import { userStream } from '../domain/streams';
import { projectUserEvents } from '../projections/users';
import type { IdentityDeps } from './deps';
import { mustFind } from './register';

/**
 * Edits the signed-in user's own profile: records `ProfileUpdated` (when something changes) and
 * projects it, in one transaction. The row lock orders concurrent edits of one user.
 */
export async function updateProfile(
  deps: IdentityDeps,
  userId: string,
  request: ProfileUpdateRequest,
): Promise<UserRow> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await findUserById(trx, userId, { forUpdate: true });
    if (!current) throw unauthorized();
    const change = decideProfileUpdate(
      userId,
      {
        firstName: current.first_name,
        lastName: current.last_name,
        bio: current.bio,
        location: current.location,
        profileImageUrl: current.profile_image_url,
      },
      request,
    );
    if (!change) return current;
    const events = await appendToStream(
      untyped(trx),
      deps.schema,
      userStream(userId),
      current.version,
      [newEvent(ProfileUpdated, change)],
      { actorId: userId },
    );
    await projectUserEvents(trx, events);
    return mustFind(await findUserById(trx, userId), userId);
  });
}
