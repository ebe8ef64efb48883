import { FOLLOWING_FEED_SIGN_IN, GROUP_NOT_FOUND } from '@waco/contracts';
import {
  badRequest,
  groupFactsOf,
  type HttpApp,
  notFound,
  registerEndpoint,
  unauthorized,
} from '@waco/platform';
import { commandContext, type PostsDeps } from '../commands/deps';
import { recordFilterUsage } from '../commands/record-filter-usage';
import { POST_NOT_FOUND } from '../commands/toggle-reaction';
import { decodeCursor } from '../db/feed-cursor';
import { listPosts } from '../db/post-lists';
import { findPost } from '../db/posts';
import { parseSearch } from '../domain/search-terms';
import { JSON_TYPE } from './raw-json';

/** The feed (`GET /api/posts`, guests welcome) and one post (`GET /api/posts/:id`). */
export function registerFeedRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'listPosts', async (req, reply) => {
    const query = req.query;
    const search = query.search ? parseSearch(query.search) : undefined;
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (cursor?.kind === 'keyset' && search?.text) {
      throw badRequest(
        'cursor belongs to a list without search; start the search from its first page',
        'cursor',
      );
    }
    if (cursor?.kind === 'keyset' && query.sort !== 'newest')
      throw badRequest(
        'cursor belongs to the newest-first list; start this order from its first page',
        'cursor',
      );
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
      throw badRequest('minPrice must not be above maxPrice', 'minPrice');
    // The Following choice is a member's own list.
    if (query.following === 'true' && !req.userId) throw unauthorized(FOLLOWING_FEED_SIGN_IN);
    // A group's feed: a private group's is its members' only, and answers others as if not there.
    if (query.groupId) {
      const group = await groupFactsOf(deps.db, query.groupId, req.userId);
      if (!group.known || (!group.isPublic && !group.role)) throw notFound(GROUP_NOT_FOUND);
    }
    // A signed-in search counts as a use of that search term, once per search (its first page).
    const userId = req.userId;
    const recording =
      userId && query.search && !cursor && query.offset === 0
        ? recordFilterUsage(commandContext(deps, req, userId), 'search_term', query.search).catch((err) =>
            req.log.warn({ err }, 'could not record the search term'),
          )
        : undefined;
    const page = await listPosts(deps, {
      source: { kind: 'feed' },
      category: query.category,
      neighborhood: query.neighborhood,
      followedBy: query.following === 'true' ? (req.userId ?? undefined) : undefined,
      groupId: query.groupId,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      free: query.free === 'true',
      sort: query.sort,
      search,
      limit: query.limit,
      offset: query.offset,
      cursor,
      viewerId: req.userId,
    });
    await recording;
    return reply.type(JSON_TYPE).send(page);
  });

  registerEndpoint(app, 'getPost', async (req, reply) => {
    const post = await findPost(deps.db, req.params.id, req.userId);
    if (!post) throw notFound(POST_NOT_FOUND);
    return reply.type(JSON_TYPE).send(post);
  });
}
