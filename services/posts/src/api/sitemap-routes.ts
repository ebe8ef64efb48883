import { dailyCounts, type HttpApp, registerEndpoint } from '@waco/platform';
import type { PostsDeps } from '../commands/deps';
import { sitemapPosts } from '../db/sitemap-posts';

/**
 * For the gateway only: `GET /internal/sitemap/posts`, the posts its sitemap.xml lists, and
 * `GET /internal/figures/posts`, new posts per day for the operator's console.
 */
export function registerSitemapRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'listSitemapPosts', async (req) => sitemapPosts(deps.db, req.query));
  registerEndpoint(app, 'countNewPosts', async () => dailyCounts(deps.db, 'posts'));
}
