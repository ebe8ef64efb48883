import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import { commandContext, type PostsDeps } from '../commands/deps';
import { POST_NOT_FOUND, toggleReaction } from '../commands/toggle-reaction';
import { findPostRef } from '../db/posts';
import { reactionStatus } from '../db/reaction-status';
import { registerBodyless } from './bodyless-scope';

/** Like and save toggles, and the signed-in user's status of one post or of a feed page. */
export function registerReactionRoutes(app: HttpApp, deps: PostsDeps) {
  // Both reads on one connection: a request waits in the pool's queue once.
  registerEndpoint(app, 'getPostStatus', (req) =>
    deps.db.connection().execute(async (db) => {
      if (!(await findPostRef(db, req.params.id))) throw notFound(POST_NOT_FOUND);
      const status = await reactionStatus(db, req.userId, [req.params.id]);
      return status[req.params.id] ?? { isLiked: false, isSaved: false };
    }),
  );

  // One call for a whole feed page; unknown ids answer false for both.
  registerEndpoint(app, 'getPostStatuses', async (req) =>
    reactionStatus(deps.db, req.userId, [...new Set(req.body.ids)]),
  );

  // The toggles take no payload.
  registerBodyless(app, (scope) => {
    registerEndpoint(scope, 'likePost', async (req) => ({
      liked: await toggleReaction(commandContext(deps, req, req.userId), 'like', req.params.id),
    }));
    registerEndpoint(scope, 'savePost', async (req) => ({
      saved: await toggleReaction(commandContext(deps, req, req.userId), 'save', req.params.id),
    }));
  });
}
