import type { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { USER_ID_HEADER } from '@waco/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cacheControlFor } from '../browser-security/private-answers';
import { isUnsafePath } from '../upstreams/routing-table';
import { bodyTooLarge, forwardBodiesWithin, wasCutOff } from './request-bodies';
import { type AnswerPolicy, answerHeaders, forward, UpstreamPools } from './upstream-forward';

// A photo is at most 10485760 bytes (spec section 9); the store refuses more, and so does this.
const PHOTO_LIMIT = { bytes: MAX_IMAGE_BYTES, words: '10 MB' };
const ANSWER_TIMEOUT_MS = 60_000;

/** The path the embedded object store answers under, on the app's origin. */
export const STORAGE_PATH = '/storage';

/** Sent on neither: the store checks each request's signature, and needs no user or cookie. */
const NOT_FORWARDED = new Set([
  'cookie',
  USER_ID_HEADER,
  // Answered here (see request-bodies.ts); undici refuses to send it on.
  'expect',
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Embedded mode only: forwards `/storage/*` to the embedded object store, so that browsers upload
 * to presigned URLs on the app's own origin (no CORS, no store port exposed). The store checks
 * every request's signature itself; the gateway adds no identity and sends no cookie on.
 */
export async function storageProxy(app: FastifyInstance, upstream: string) {
  const base = new URL(upstream);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pools = new UpstreamPools(ANSWER_TIMEOUT_MS);
  app.addHook('onClose', () => pools.destroy());
  // Bodies (photos) stream through untouched, up to a photo's size (413 beyond, answered here).
  forwardBodiesWithin(app, () => PHOTO_LIMIT);
  const policy: AnswerPolicy = {
    headers: (reply, status, raw) =>
      answerHeaders(reply, raw, (given) => cacheControlFor(reply.request.url, status, given)),
    fail: (reply, error) => {
      if (wasCutOff(reply.request)) {
        return reply.status(413).send({ message: bodyTooLarge(PHOTO_LIMIT).message });
      }
      reply.log.warn({ err: error }, 'object store request failed');
      reply
        .status(503)
        .send({ message: 'The object store is unavailable right now. Please try again in a moment.' });
    },
  };
  app.all(`${STORAGE_PATH}/*`, (req, reply) => {
    const path = req.url.split('?')[0] as string;
    if (isUnsafePath(path)) return reply.status(400).send({ message: `Invalid path ${path}` });
    forward(
      pools,
      reply,
      {
        origin: base.origin,
        path: prefix + req.url,
        method: req.method,
        headers: storeHeaders(req),
        body: req.body as Readable | undefined,
        timeoutMs: undefined,
      },
      policy,
    );
  });
}

function storeHeaders(req: FastifyRequest): string[] {
  const out: string[] = [];
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    if (typeof value === 'string') out.push(name, value);
    else for (const v of value) out.push(name, v);
  }
  return out;
}
