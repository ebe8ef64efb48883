import { type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import type { FastifyReply } from 'fastify';
import type { PostsDeps } from '../commands/deps';
import { decodeCursor } from '../db/feed-cursor';
import { listPosts, type PostSource } from '../db/post-lists';
import { authorExists } from '../db/posts';
import { JSON_TYPE } from './raw-json';

type Paging = { limit: number; offset: number; cursor?: string };

/** Per-user lists, in the feed's shape and paging: own posts, saved, liked, and anyone's posts. */
export function registerUserListRoutes(app: HttpApp, deps: PostsDeps) {
  const page = async (reply: FastifyReply, source: PostSource, paging: Paging, viewerId?: string | null) => {
    const json = await listPosts(deps, {
      source,
      limit: paging.limit,
      offset: paging.offset,
      cursor: paging.cursor ? decodeCursor(paging.cursor) : undefined,
      viewerId,
    });
    return reply.type(JSON_TYPE).send(json);
  };

  registerEndpoint(app, 'listMyPosts', async (req, reply) =>
    page(reply, { kind: 'author', userId: req.userId }, req.query, req.userId),
  );
  registerEndpoint(app, 'listMySaved', async (req, reply) =>
    page(reply, { kind: 'saved', userId: req.userId }, req.query, req.userId),
  );
  registerEndpoint(app, 'listMyLiked', async (req, reply) =>
    page(reply, { kind: 'liked', userId: req.userId }, req.query, req.userId),
  );

  registerEndpoint(app, 'listUserPosts', async (req, reply) => {
    if (!(await authorExists(deps.db, req.params.id))) throw notFound('User not found');
    return page(reply, { kind: 'author', userId: req.params.id }, req.query, req.userId);
  });
}
