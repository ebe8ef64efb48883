import { type HttpApp, registerEndpoint } from '@waco/platform';
import { createPost } from '../commands/create-post';
import { commandContext, type PostsDeps } from '../commands/deps';
import { JSON_TYPE } from './raw-json';

/** `POST /api/posts`: signed-in users publish a post; answers 201 with it as the feed shows it. */
export function registerCreatePostRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'createPost', async (req, reply) => {
    const post = await createPost(commandContext(deps, req, req.userId), req.body, {
      requireUploadedMedia: deps.requireUploadedMedia,
      uploadNoticeWaitMs: deps.uploadNoticeWaitMs,
      memberLimits: deps.memberLimits,
    });
    return reply.status(201).type(JSON_TYPE).send(post);
  });
}
