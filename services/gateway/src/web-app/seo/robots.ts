import { APP_ROUTES, ENDPOINT_ROUTES, PRIVATE_APP_ROUTES } from '@waco/contracts';
import type { FastifyInstance } from 'fastify';
import { absoluteUrl } from './page-head';

/**
 * What crawlers may visit: every page but the moderators' and development's (PRIVATE_APP_ROUTES),
 * and not the API;
 * and where the sitemap is. The API holds nothing a page's first view needs: the page carries
 * its first data itself (boot data), so a crawler that renders it asks the API for nothing.
 */
export function robotsTxt(origin: string): string {
  const privatePaths = PRIVATE_APP_ROUTES.map((name) => APP_ROUTES[name]).filter(
    (path) => !path.startsWith('/dev/'),
  );
  const disallowed = [...privatePaths, '/dev/', '/api/'];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, ENDPOINT_ROUTES.sitemap.path)}`,
    '',
  ].join('\n');
}

/** It changes only with a release: proxies and crawlers may keep it an hour. */
const CACHE = 'public, max-age=3600';

export function robotsRoute(app: FastifyInstance, options: { origin: string }) {
  const text = robotsTxt(options.origin);
  const { method, path } = ENDPOINT_ROUTES.robotsTxt;
  app.route({
    method,
    url: path,
    handler: (_req, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(text),
  });
}
