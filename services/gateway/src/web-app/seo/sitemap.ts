import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  APP_ROUTES,
  ENDPOINT_ROUTES,
  SITEMAP_MAX_URLS,
  SitemapPosts,
  type SitemapPostsQuery,
} from '@waco/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Instances, type Upstreams } from '../../upstreams/instances';
import { escapeHtml } from '../unfurl/html-head';
import { absoluteUrl } from './page-head';

const gzipped = promisify(gzip);

/** The sitemap protocol's limit of one file, uncompressed (sitemaps.org). */
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/** The public pages besides posts (profiles are reached from their posts). */
const STATIC_PAGES = [APP_ROUTES.root, APP_ROUTES.welcome];
/** A sitemap changes as posts come and go; crawlers need it no fresher than this. */
const CACHE = 'public, max-age=3600';
const LOOKUP_TIMEOUT_MS = 10_000;
const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export interface SitemapOptions {
  upstreams: Pick<Upstreams, 'posts'>;
  origin: string;
  /** Addresses in one file: the protocol's 50,000 (tests lower it to see the index). */
  maxUrls?: number;
}

interface Entry {
  loc: string;
  lastmod?: string;
}

const urlset = (entries: Entry[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${entries
    .map(
      (e) =>
        `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>\n`,
    )
    .join('')}</urlset>\n`;

const sitemapIndex = (locations: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${locations
    .map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;

/**
 * `/sitemap.xml`: the public pages and every post a guest finds in the feed (posts'
 * `/internal/sitemap/posts`: not hidden, not a suspended member's; deleted ones are gone), each
 * post with its last change as `lastmod`. Past one file's limit (50,000 addresses, or 50 MB) it
 * is a sitemap index of `/sitemap-pages.xml` and `/sitemap-posts-{n}.xml`, at the root so that
 * they may list any address of the site.
 */
export function sitemapRoutes(app: FastifyInstance, options: SitemapOptions) {
  const posts = new Instances(options.upstreams.posts);
  const url = (path: string) => absoluteUrl(options.origin, path);
  // The longest entry a post makes, so that no file passes 50 MB whatever the origin's length.
  const entryBytes = Buffer.byteLength(
    urlset([{ loc: url(`/post/${'0'.repeat(36)}`), lastmod: new Date(0).toISOString() }]),
  );
  const perFile = Math.min(
    options.maxUrls ?? SITEMAP_MAX_URLS,
    Math.floor(SITEMAP_MAX_BYTES / entryBytes) - 1,
  );
  const postsInSitemap = perFile - STATIC_PAGES.length;

  const fetchPosts = async (query: Required<SitemapPostsQuery>): Promise<SitemapPosts> => {
    const search = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
    const res = await fetch(`${posts.next()}${ENDPOINT_ROUTES.listSitemapPosts.path}?${search}`, {
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`posts answered the sitemap's list with ${res.status}`);
    }
    return SitemapPosts.parse(await res.json());
  };
  const postEntries = (list: SitemapPosts['posts']): Entry[] =>
    list.map((p) => ({ loc: url(`/post/${p.id}`), lastmod: p.updatedAt }));
  // The feed changed when its newest change did.
  const pageEntries = (list: SitemapPosts['posts']): Entry[] => {
    const newest = list.reduce<string | undefined>(
      (at, p) => (at && at > p.updatedAt ? at : p.updatedAt),
      undefined,
    );
    return STATIC_PAGES.map((path) => ({
      loc: url(path),
      lastmod: path === APP_ROUTES.root ? newest : undefined,
    }));
  };

  app.get(ENDPOINT_ROUTES.sitemap.path, (req, reply) =>
    answer(req, reply, async () => {
      const first = await fetchPosts({ limit: postsInSitemap, offset: 0 });
      if (first.total <= postsInSitemap)
        return urlset([...pageEntries(first.posts), ...postEntries(first.posts)]);
      const parts = Math.ceil(first.total / perFile);
      return sitemapIndex([
        url('/sitemap-pages.xml'),
        ...Array.from({ length: parts }, (_, i) => url(`/sitemap-posts-${i + 1}.xml`)),
      ]);
    }),
  );

  app.get<{ Params: { part: string } }>(ENDPOINT_ROUTES.sitemapPart.path, (req, reply) => {
    const { part } = req.params;
    if (part === 'pages.xml') {
      return answer(req, reply, async () =>
        urlset(pageEntries((await fetchPosts({ limit: 1, offset: 0 })).posts)),
      );
    }
    const n = /^posts-([1-9]\d{0,3})\.xml$/.exec(part)?.[1];
    if (!n) return reply.status(404).send({ message: `No file ${req.url.split('?')[0]}` });
    return answer(req, reply, async () => {
      const page = await fetchPosts({ limit: perFile, offset: (Number(n) - 1) * perFile });
      return page.posts.length > 0 ? urlset(postEntries(page.posts)) : null;
    });
  });
}

/** Sends the XML made by `make` (gzipped when accepted); 404 for none, 503 when posts cannot say. */
async function answer(req: FastifyRequest, reply: FastifyReply, make: () => Promise<string | null>) {
  let xml: string | null;
  try {
    xml = await make();
  } catch (err) {
    req.log.warn({ err }, 'sitemap: the posts could not be listed');
    return reply
      .status(503)
      .header('retry-after', '60')
      .send({ message: 'The sitemap is not available right now. Please try again in a minute.' });
  }
  if (xml === null) return reply.status(404).send({ message: `No file ${req.url.split('?')[0]}` });
  reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', CACHE)
    .header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(await gzipped(xml));
  }
  return reply.send(xml);
}
