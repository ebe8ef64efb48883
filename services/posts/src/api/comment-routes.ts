import { type HttpApp, registerEndpoint } from '@waco/platform';
import {
  addComment,
  commentsPage,
  deleteComment,
  editComment,
  toggleCommentLike,
} from '../commands/comments';
import { commandContext, type PostsDeps } from '../commands/deps';
import { registerBodyless } from './bodyless-scope';

/** A post's thread: read by anyone, written, edited, deleted and liked by members. */
export function registerCommentRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'listComments', (req) =>
    deps.db.connection().execute((db) => commentsPage(db, req.params.id, req.userId, req.query)),
  );
  registerEndpoint(app, 'createComment', async (req, reply) => {
    reply.code(201);
    return addComment(commandContext(deps, req, req.userId), req.params.id, req.body, {
      memberLimits: deps.memberLimits,
    });
  });
  registerEndpoint(app, 'updateComment', async (req) =>
    editComment(commandContext(deps, req, req.userId), req.params.id, req.body),
  );
  registerEndpoint(app, 'deleteComment', async (req, reply) => {
    await deleteComment(commandContext(deps, req, req.userId), req.params.id);
    return reply.code(204).send();
  });
  // The toggle takes no payload.
  registerBodyless(app, (scope) => {
    registerEndpoint(scope, 'likeComment', async (req) =>
      toggleCommentLike(commandContext(deps, req, req.userId), req.params.id),
    );
  });
}
