import type { ProfileUpdateRequest } from '@waco/contracts';
import { awaitUploadsBy, handleCommand } from '@waco/platform';
import type { UserRow } from '../db/schema';
import { findUserById } from '../db/users';
import { userDecider } from '../domain/profile';
import { userStream } from '../domain/streams';
import type { IdentityDeps } from './deps';
import { mustFind } from './must-find';

/**
 * Edits the signed-in user's own profile: records `ProfileUpdated` (when something changes) and
 * projects it, through the command handler (which orders concurrent edits of one user). A new
 * photo must be one of the user's own completed uploads (400 otherwise).
 */
export async function updateProfile(
  deps: IdentityDeps,
  userId: string,
  request: ProfileUpdateRequest,
): Promise<UserRow> {
  // The decision is pure: which uploads are the user's is gathered here.
  const uploaded = await uploadsNamedBy(deps, userId, request);
  await handleCommand(
    deps.events,
    userStream(userId),
    userDecider,
    { type: 'update-profile', userId, request, uploaded },
    { actorId: userId },
  );
  return mustFind(await findUserById(deps.db, userId), userId);
}

/**
 * Whether the photo the edit names is one of the user's uploads. Read before the command, so
 * that no lock is held while waiting: an edit sent right after its photo's upload may arrive
 * before media's MediaUploaded, so look again for a moment (not for the photo already set).
 */
async function uploadsNamedBy(deps: IdentityDeps, userId: string, request: ProfileUpdateRequest) {
  const photo = request.profileImageUrl;
  if (!photo) return new Set<string>();
  const current = await findUserById(deps.db, userId);
  if (current?.profile_image_url === photo) return new Set([photo]);
  return awaitUploadsBy(deps.db, userId, [photo], deps.uploadNoticeWaitMs);
}
