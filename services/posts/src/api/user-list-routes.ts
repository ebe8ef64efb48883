import { UserIdParams, UserPostsQuery } from '@waco/contracts';
import { type HttpApp, notFound } from '@waco/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeCursor } from '../db/feed-cursor';
import { listPosts, type PostSource } from '../db/post-lists';
import { authorExists } from '../db/posts';
import { JSON_TYPE, type PostsApiDeps } from './deps';
import { signedInUser } from './signed-in-user';

type Paging = { limit: number; offset: number; cursor?: string };

/** Per-user lists, in the feed's shape and paging: own posts, saved, liked, and anyone's posts. */
export function registerUserListRoutes(app: HttpApp, deps: PostsApiDeps) {
  const page = async (reply: FastifyReply, source: PostSource, paging: Paging) => {
    const json = await listPosts(deps, {
      source,
      limit: paging.limit,
      offset: paging.offset,
      cursor: paging.cursor ? decodeCursor(paging.cursor) : undefined,
    });
    return reply.type(JSON_TYPE).send(json);
  };
  const own =
    (kind: 'author' | 'saved' | 'liked') =>
    async (req: FastifyRequest<{ Querystring: Paging }>, reply: FastifyReply) =>
      page(reply, { kind, userId: signedInUser(req) }, req.query);

  app.get('/api/users/me/posts', { schema: { querystring: UserPostsQuery } }, own('author'));
  app.get('/api/users/me/saved', { schema: { querystring: UserPostsQuery } }, own('saved'));
  app.get('/api/users/me/liked', { schema: { querystring: UserPostsQuery } }, own('liked'));

  app.get(
    '/api/users/:id/posts',
    { schema: { params: UserIdParams, querystring: UserPostsQuery } },
    async (req, reply) => {
      if (!(await authorExists(deps.db, req.params.id))) throw notFound('User not found');
      return page(reply, { kind: 'author', userId: req.params.id }, req.query);
    },
  );
}
