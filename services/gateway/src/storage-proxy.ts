import replyFrom from '@fastify/reply-from';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { USER_ID_HEADER } from '@waco/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyTooLarge, forwardBodiesWithin, wasCutOff } from './request-bodies';
import { isUnsafePath } from './routes';

// A photo is at most 10485760 bytes (spec section 9); the store refuses more, and so does this.
const PHOTO_LIMIT = { bytes: MAX_IMAGE_BYTES, words: '10 MB' };

/** The path the embedded object store answers under, on the app's origin. */
export const STORAGE_PATH = '/storage';

/**
 * Embedded mode only: forwards `/storage/*` to the embedded object store, so that browsers upload
 * to presigned URLs on the app's own origin (no CORS, no store port exposed). The store checks
 * every request's signature itself; the gateway adds no identity and sends no cookie on.
 */
export async function storageProxy(app: FastifyInstance, upstream: string) {
  const base = upstream.replace(/\/+$/, '');
  await app.register(replyFrom, {
    disableRequestLogging: true,
    destroyAgent: true,
    undici: { connect: { timeout: 5_000 }, headersTimeout: 60_000, bodyTimeout: 60_000 },
  });
  // Bodies (photos) stream through untouched, up to a photo's size (413 beyond, answered here).
  forwardBodiesWithin(app, () => PHOTO_LIMIT);
  app.all(`${STORAGE_PATH}/*`, (req, reply) => {
    const path = req.url.split('?')[0] as string;
    if (isUnsafePath(path)) return reply.status(400).send({ message: `Invalid path ${path}` });
    return reply.from(`${base}${req.url}`, {
      retryDelay: () => null,
      rewriteRequestHeaders: (_req, headers) => {
        delete headers.cookie;
        delete headers[USER_ID_HEADER];
        // Answered here (see request-bodies.ts); undici refuses to send it on.
        delete headers.expect;
        return headers;
      },
      onError: (res, { error }) => {
        if (wasCutOff(res.request as FastifyRequest)) {
          return res.status(413).send({ message: bodyTooLarge(PHOTO_LIMIT).message });
        }
        res.log.warn({ err: error }, 'object store request failed');
        res
          .status(503)
          .send({ message: 'The object store is unavailable right now. Please try again in a moment.' });
      },
    });
  });
}
