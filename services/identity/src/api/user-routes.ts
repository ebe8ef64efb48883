import { type HttpApp, notFound, registerEndpoint, unauthorized } from '@waco/platform';
import type { IdentityDeps } from '../commands/deps';
import { updateProfile } from '../commands/update-profile';
import { findUserById } from '../db/users';
import { currentUserOf, publicUserOf } from './user-view';

/** The signed-in user, their profile edits, and public profiles. */
export function registerUserRoutes(app: HttpApp, deps: IdentityDeps) {
  registerEndpoint(app, 'getCurrentUser', async (req) => {
    const user = await findUserById(deps.db, req.userId);
    // A session outliving its user is a guest.
    if (!user) throw unauthorized();
    return currentUserOf(deps.db, user);
  });

  // Only ever one's own profile: the id comes from the gateway's header, never from the body.
  registerEndpoint(app, 'updateProfile', async (req) =>
    currentUserOf(deps.db, await updateProfile(deps, req.userId, req.body)),
  );

  registerEndpoint(app, 'getUser', async (req) => {
    const user = await findUserById(deps.db, req.params.id);
    if (!user) throw notFound('User not found');
    return publicUserOf(deps.db, user);
  });
}
