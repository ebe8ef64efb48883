import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { PostsDeps } from '../commands/deps';
import { decodeCursor } from '../db/feed-cursor';
import { findHashtag, popularHashtags } from '../db/hashtags';
import { mentionSuggestions } from '../db/mentions';
import { listPosts } from '../db/post-lists';
import { JSON_TYPE } from './raw-json';

/** Tags (the Popular Tags, a tag and its page of posts) and the `@` suggestions. */
export function registerHashtagRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'listPopularHashtags', () => popularHashtags(deps.db));
  registerEndpoint(app, 'getHashtag', (req) => findHashtag(deps.db, req.params.name));
  // The feed's cards and paging, limited to the tag (what a search for `#tag` finds).
  registerEndpoint(app, 'listHashtagPosts', async (req, reply) => {
    const page = await listPosts(deps, {
      source: { kind: 'feed' },
      search: { text: '', tags: [req.params.name] },
      limit: req.query.limit,
      offset: 0,
      cursor: req.query.cursor ? decodeCursor(req.query.cursor) : undefined,
      viewerId: req.userId,
    });
    return reply.type(JSON_TYPE).send(page);
  });
  registerEndpoint(app, 'suggestMentions', async (req) => ({
    users: await mentionSuggestions(deps.db, req.userId, req.query.q),
  }));
}
