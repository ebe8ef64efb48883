import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StorageConfig } from '@waco/media';
import { loadS3rver } from './load-s3rver';
import { guardMultipartAssembly } from './multipart-guard';
import { SigV4Verifier } from './sigv4';

/** The path under which the store answers, on its own port and on the app's origin (gateway). */
export const STORAGE_PATH = '/storage';
const REGION = 'us-east-1';

export interface EmbeddedStore {
  /** Where the media service reaches the store: `http://127.0.0.1:{port}/storage`. */
  endpoint: string;
  /** The store's origin, which the gateway forwards `/storage/*` to. */
  origin: string;
  bucket: string;
  /** The settings `createMediaService` takes: signed with this store's key, uploads via the app. */
  storage: StorageConfig;
  stop(): Promise<void>;
}

export interface EmbeddedStoreOptions {
  /** Where objects are kept across restarts. */
  dataDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  bucket?: string;
  /**
   * The largest body one write may carry (a presigned PUT whose signature binds a size is held
   * to that size anyway): a part of a multipart upload, or any write whose size is not signed.
   */
  maxBodyBytes: number;
}

const WRITES = new Set(['PUT', 'POST']);

/** An S3 error document, as clients (the SDK, the uploader) read them. */
function sendError(res: ServerResponse, status: number, code: string, message: string) {
  const escaped = message.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);
  res.writeHead(status, {
    'content-type': 'application/xml',
    // The body of a refused upload is not read (or was drained): the connection is not reused.
    connection: 'close',
  });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escaped}</Message></Error>`,
  );
}

/**
 * Refuses a request whose body is still coming. A body no larger than a write may be (the
 * gateway's /storage/* sends at most a photo's size) is read to its end and dropped first: a
 * client, or the gateway forwarding it, that is still sending when the connection closes sees
 * its write fail (EPIPE) instead of this answer, and the gateway would then say 503 where the
 * store said 403. Past that size the answer goes at once, and the connection closes.
 */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  maxBodyBytes: number,
  [status, code, message]: [number, string, string],
) {
  const answer = () => {
    if (!res.headersSent) sendError(res, status, code, message);
  };
  if (req.complete) return answer();
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen <= maxBodyBytes) return;
    req.pause();
    answer();
  });
  req.once('end', answer);
  req.once('error', () => res.destroy());
}

/**
 * The embedded mode's object store: s3rver, which never listens itself, behind a front on
 * loopback that lets through only requests signed (AWS Signature V4, checked by signing again)
 * with a key made at start-up that only the media service holds. s3rver checks no V4 signature
 * at all, so without the front anyone on the machine could list, read, overwrite or delete every
 * object. Browsers reach it on the app's own origin: the gateway forwards `/storage/*` here, and
 * the media service hands out presigned URLs as paths on that origin (no CORS).
 *
 * The front also refuses any write without a length or over `maxBodyBytes` before reading it,
 * and makes s3rver's multipart completion check the parts it is given (s3rver itself would crash
 * the process on a part that was never uploaded).
 */
export async function startEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  const bucket = options.bucket ?? 'waco-media';
  mkdirSync(options.dataDir, { recursive: true });
  const S3rver = await loadS3rver();
  const s3rver = new S3rver({
    directory: options.dataDir,
    silent: true,
    // Path-style URLs only: virtual-host buckets would need DNS for bucket.127.0.0.1.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  await s3rver.configureBuckets();
  guardMultipartAssembly(s3rver.store);
  const s3rverHandler = s3rver.callback();

  const credentials = { accessKeyId: 'waco-embedded', secretAccessKey: randomBytes(32).toString('hex') };
  const verifier = new SigV4Verifier(credentials, REGION);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://store');
    const rawPath = (req.url ?? '/').split('?')[0] as string;
    if (!rawPath.startsWith(`${STORAGE_PATH}/`)) {
      return sendError(res, 404, 'NoSuchBucket', `The store answers under ${STORAGE_PATH}/ only`);
    }
    const verdict = await verifier.verify({
      method: req.method ?? 'GET',
      path: rawPath,
      query: url.searchParams,
      headers: req.headers,
    });
    if (!verdict.ok) return refuse(req, res, options.maxBodyBytes, [403, verdict.code, verdict.message]);

    if (WRITES.has(req.method ?? '')) {
      const length = req.headers['content-length'];
      if (length === undefined && req.headers['transfer-encoding']) {
        return sendError(res, 411, 'MissingContentLength', 'A write must say its length');
      }
      if (Number(length ?? 0) > options.maxBodyBytes) {
        return sendError(
          res,
          413,
          'EntityTooLarge',
          `A write to this store may carry at most ${options.maxBodyBytes} bytes`,
        );
      }
    }
    // s3rver sees a plain, anonymous request for /{bucket}/{key}: the front has checked it.
    for (const name of [...url.searchParams.keys()]) {
      if (name.startsWith('X-Amz-')) url.searchParams.delete(name);
    }
    delete req.headers.authorization;
    const search = url.searchParams.toString();
    req.url = `${rawPath.slice(STORAGE_PATH.length)}${search ? `?${search}` : ''}`;
    s3rverHandler(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) sendError(res, 500, 'InternalError', err.message);
      else res.destroy(err);
    });
  });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(server.address() as AddressInfo));
  });
  const origin = `http://127.0.0.1:${address.port}`;
  const endpoint = `${origin}${STORAGE_PATH}`;
  return {
    endpoint,
    origin,
    bucket,
    storage: {
      endpoint,
      region: REGION,
      bucket,
      accessKey: credentials.accessKeyId,
      secretKey: credentials.secretAccessKey,
      forcePathStyle: true,
      sameOriginUploads: true,
      // s3rver has no ListParts or AbortMultipartUpload: known, and their endpoints answer 501.
      limitsKnown: true,
    },
    async stop() {
      // Browsers keep connections alive; close them so that stopping does not wait on them.
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      s3rver.logger?.close();
    },
  };
}
