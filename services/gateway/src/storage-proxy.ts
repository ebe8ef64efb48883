import replyFrom from '@fastify/reply-from';
import { USER_ID_HEADER } from '@waco/platform';
import type { FastifyInstance } from 'fastify';
import { isUnsafePath } from './routes';

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
  // Bodies (photos) stream through untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  app.all(`${STORAGE_PATH}/*`, (req, reply) => {
    const path = req.url.split('?')[0] as string;
    if (isUnsafePath(path)) return reply.status(400).send({ message: `Invalid path ${path}` });
    return reply.from(`${base}${req.url}`, {
      retryDelay: () => null,
      rewriteRequestHeaders: (_req, headers) => {
        delete headers.cookie;
        delete headers[USER_ID_HEADER];
        return headers;
      },
      onError: (res, { error }) => {
        res.log.warn({ err: error }, 'object store request failed');
        res
          .status(503)
          .send({ message: 'The object store is unavailable right now. Please try again in a moment.' });
      },
    });
  });
}
