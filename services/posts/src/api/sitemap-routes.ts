import { type HttpApp, registerEndpoint } from '@waco/platform';
import type { PostsDeps } from '../commands/deps';
import { sitemapPosts } from '../db/sitemap-posts';

/** `GET /internal/sitemap/posts`: the posts the gateway's sitemap.xml lists. */
export function registerSitemapRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'listSitemapPosts', async (req) => sitemapPosts(deps.db, req.query));
}
