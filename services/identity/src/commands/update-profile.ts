import { ProfileUpdated, type ProfileUpdateRequest } from '@waco/contracts';
import { appendToStream, awaitUploadsBy, badRequest, newEvent, unauthorized } from '@waco/platform';
import { type UserRow, untyped } from '../db/schema';
import { findUserById } from '../db/users';
import {
  decideProfileUpdate,
  type Profile,
  photoNotUploaded,
  photoNotUploadedMessage,
} from '../domain/profile';
import { userStream } from '../domain/streams';
import { projectUserEvents } from '../projections/users';
import type { IdentityDeps } from './deps';
import { mustFind } from './register';

/**
 * Edits the signed-in user's own profile: records `ProfileUpdated` (when something changes) and
 * projects it, in one transaction. The row lock orders concurrent edits of one user. A new photo
 * must be one of the user's own completed uploads (400 otherwise).
 */
export async function updateProfile(
  deps: IdentityDeps,
  userId: string,
  request: ProfileUpdateRequest,
): Promise<UserRow> {
  const uploaded = await uploadsNamedBy(deps, userId, request);
  return deps.db.transaction().execute(async (trx) => {
    const current = await findUserById(trx, userId, { forUpdate: true });
    if (!current) throw unauthorized();
    const profile = profileOf(current);
    const foreign = photoNotUploaded(profile, request, uploaded);
    if (foreign) throw badRequest(photoNotUploadedMessage(foreign), 'profileImageUrl');
    const change = decideProfileUpdate(userId, profile, request);
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

function profileOf(row: UserRow): Profile {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    bio: row.bio,
    location: row.location,
    profileImageUrl: row.profile_image_url,
  };
}

/**
 * Whether the photo the edit names is one of the user's uploads. Read before the transaction, so
 * that no row lock is held while waiting: an edit sent right after its photo's upload may arrive
 * before media's MediaUploaded, so look again for a moment (not for the photo already set).
 */
async function uploadsNamedBy(deps: IdentityDeps, userId: string, request: ProfileUpdateRequest) {
  const photo = request.profileImageUrl;
  if (!photo) return new Set<string>();
  const current = await findUserById(deps.db, userId);
  if (current?.profile_image_url === photo) return new Set([photo]);
  return awaitUploadsBy(deps.db, userId, [photo], deps.uploadNoticeWaitMs);
}
