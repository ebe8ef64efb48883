import { CurrentUser, ProfileUpdateRequest, PublicUser, UserIdParams } from '@waco/contracts';
import { type HttpApp, notFound, unauthorized } from '@waco/platform';
import type { IdentityDeps } from '../commands/deps';
import { updateProfile } from '../commands/update-profile';
import { findUserById } from '../db/users';
import { requireSignedIn, signedInUserId } from './signed-in';
import { toCurrentUser, toPublicUser } from './user-view';

/** The signed-in user, their profile edits, and public profiles. */
export function registerUserRoutes(app: HttpApp, deps: IdentityDeps) {
  app.get(
    '/api/user',
    { onRequest: requireSignedIn, schema: { response: { 200: CurrentUser } } },
    async (req) => {
      const user = await findUserById(deps.db, signedInUserId(req));
      // A session outliving its user is a guest.
      if (!user) throw unauthorized();
      return toCurrentUser(user);
    },
  );

  // Only ever one's own profile: the id comes from the gateway's header, never from the body.
  app.put(
    '/api/user/profile',
    { onRequest: requireSignedIn, schema: { body: ProfileUpdateRequest, response: { 200: CurrentUser } } },
    async (req) => toCurrentUser(await updateProfile(deps, signedInUserId(req), req.body)),
  );

  app.get(
    '/api/users/:id',
    { schema: { params: UserIdParams, response: { 200: PublicUser } } },
    async (req) => {
      const user = await findUserById(deps.db, req.params.id);
      if (!user) throw notFound('User not found');
      return toPublicUser(user);
    },
  );
}
