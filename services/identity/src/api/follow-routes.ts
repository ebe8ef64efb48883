import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import type { IdentityDeps } from '../commands/deps';
import { follow, followStatus, USER_NOT_FOUND, unfollow } from '../commands/follows';
import { listFollows } from '../db/follows';
import { findUserById } from '../db/users';

/** Following a member from their profile, and anyone's lists of followers and followed. */
export function registerFollowRoutes(app: HttpApp, deps: IdentityDeps) {
  registerEndpoint(app, 'getFollowStatus', (req) => followStatus(deps.db, req.userId, req.params.id));

  registerEndpoint(app, 'followUser', (req) => follow(deps, req.userId, req.params.id, req.body?.alerts));

  registerEndpoint(app, 'unfollowUser', (req) => unfollow(deps, req.userId, req.params.id));

  for (const side of ['followers', 'following'] as const) {
    registerEndpoint(app, side === 'followers' ? 'listFollowers' : 'listFollowing', async (req) => {
      if (!(await findUserById(deps.db, req.params.id))) throw notFound(USER_NOT_FOUND);
      return listFollows(deps.db, req.params.id, side, req.query, req.userId);
    });
  }
}
