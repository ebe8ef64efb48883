import {
  BulkStatusRequest,
  BulkStatusResponse,
  LikeResponse,
  PostIdParams,
  PostStatus,
  SaveResponse,
} from '@waco/contracts';
import { type HttpApp, notFound } from '@waco/platform';
import { POST_NOT_FOUND, toggleReaction } from '../commands/toggle-reaction';
import { findPostRef } from '../db/posts';
import { reactionStatus } from '../db/reaction-status';
import { commandContext, type PostsApiDeps } from './deps';
import { signedInUser } from './signed-in-user';

/** Like and save toggles, and the signed-in user's status of one post or of a feed page. */
export function registerReactionRoutes(app: HttpApp, deps: PostsApiDeps) {
  app.get(
    '/api/posts/:id/status',
    { schema: { params: PostIdParams, response: { 200: PostStatus } } },
    async (req) => {
      const userId = signedInUser(req);
      if (!(await findPostRef(deps.db, req.params.id))) throw notFound(POST_NOT_FOUND);
      const status = await reactionStatus(deps.db, userId, [req.params.id]);
      return status[req.params.id] ?? { isLiked: false, isSaved: false };
    },
  );

  // One call for a whole feed page; unknown ids answer false for both.
  app.post(
    '/api/posts/status',
    { schema: { body: BulkStatusRequest, response: { 200: BulkStatusResponse } } },
    async (req) => reactionStatus(deps.db, signedInUser(req), [...new Set(req.body.ids)]),
  );

  // The toggles take no payload. Clients may still send a JSON content type with an empty body,
  // which Fastify's own parser refuses, so in this scope any body is read and ignored.
  app.register(async (scope: HttpApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, undefined),
    );
    scope.post(
      '/api/posts/:id/like',
      { schema: { params: PostIdParams, response: { 200: LikeResponse } } },
      async (req) => {
        const userId = signedInUser(req);
        return { liked: await toggleReaction(commandContext(deps, req, userId), 'like', req.params.id) };
      },
    );
    scope.post(
      '/api/posts/:id/save',
      { schema: { params: PostIdParams, response: { 200: SaveResponse } } },
      async (req) => {
        const userId = signedInUser(req);
        return { saved: await toggleReaction(commandContext(deps, req, userId), 'save', req.params.id) };
      },
    );
  });
}
