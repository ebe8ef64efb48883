import { type HttpApp, registerEndpoint } from '@waco/platform';
import { sitemapPosts } from '../db/sitemap-posts';
import type { PostsApiDeps } from './deps';

/** `GET /internal/sitemap/posts`: the posts the gateway's sitemap.xml lists. */
export function registerSitemapRoutes(app: HttpApp, deps: PostsApiDeps) {
  registerEndpoint(app, 'listSitemapPosts', async (req) => sitemapPosts(deps.db, req.query));
}
