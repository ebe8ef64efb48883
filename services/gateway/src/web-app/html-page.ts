import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Boot } from './boot-data';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

// Fast settings: the page is made per request, and on a slow phone network the bytes saved by
// the slowest settings are fewer than the milliseconds they cost here.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS = { level: 6 };
/** Below this, compressing saves less than a packet. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends one of the app's HTML pages, compressed when the browser accepts it. A page holding a
 * member's own data (their profile, the feed as they see it) is never stored by the browser,
 * a proxy or the service worker (`private, no-store`); a guest's is asked for again every time.
 * Either way it differs by cookie.
 */
export async function sendPage(req: FastifyRequest, reply: FastifyReply, html: string, boot: Boot) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', boot.personal ? 'private, no-store' : 'no-cache')
    .header('vary', 'cookie, accept-encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (html.length < COMPRESS_FROM_BYTES) return reply.send(html);
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(await brotli(html, BROTLI_OPTIONS));
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(await gzipped(html, GZIP_OPTIONS));
  }
  return reply.send(html);
}
