import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { HttpError, type Logger } from '@waco/platform';

/** Where the objects live. The same settings describe s3rver, SeaweedFS and any S3. */
export interface StorageConfig {
  /** The URL this service reaches the store at. */
  endpoint: string;
  /** The URL browsers reach the store at (presigned URLs carry it); defaults to `endpoint`. */
  publicEndpoint?: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key` (s3rver and SeaweedFS want it). */
  forcePathStyle: boolean;
  /**
   * Browsers reach the store on the app's own origin, at the same path as this service does (the
   * embedded store behind the gateway's `/storage/*`): presigned URLs are handed out as paths.
   */
  sameOriginUploads?: boolean;
  /**
   * The store's missing capabilities are known and accepted (the embedded store of `npm start`):
   * they are logged as information, not as a warning an operator should act on.
   */
  limitsKnown?: boolean;
}

/** What this store can do beyond the basics; probed once at start-up. */
export interface StoreCapabilities {
  listParts: boolean;
  abortMultipart: boolean;
}

export interface StoredPart {
  PartNumber: number;
  Size: number;
  ETag: string;
}

export interface ObjectHead {
  size: number;
  etag: string;
}

export interface ObjectBody extends ObjectHead {
  body: Readable;
}

/** The object is larger than the caller was willing to read. */
export class ObjectTooLargeError extends Error {}

/** An error the store answered with: its code (e.g. `InvalidPart`) and its message. */
export class StoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

function asStoreError(err: unknown): StoreError {
  const e = err as {
    name?: string;
    Code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  return new StoreError(e.Code ?? e.name ?? 'Error', e.message ?? String(err), e.$metadata?.httpStatusCode);
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * True when the store could not be asked or failed itself (unreachable, reset, timed out, or a
 * 5xx): the request it was serving gets a 503, never a crash or a bare 500.
 */
function isStoreFailure(err: unknown): boolean {
  const e = err as {
    code?: string;
    name?: string;
    cause?: { code?: string };
    $metadata?: { httpStatusCode?: number };
  };
  if (UNREACHABLE.has(e.code ?? '') || UNREACHABLE.has(e.cause?.code ?? '')) return true;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  return (e.$metadata?.httpStatusCode ?? 0) >= 500;
}

/** What a client is told when the store fails: a 503 naming the store, never its address. */
export class StoreUnavailableError extends HttpError {
  constructor(readonly reason: string) {
    super(503, 'The object store is unavailable right now; please try again in a moment.');
  }
}

/** 501: the store cannot do this; the message says which store and what to do instead. */
export const notImplementedByStore = (what: string, instead: string) =>
  new HttpError(
    501,
    `${what} is not supported by this object store (s3rver, the embedded store, lacks it). ${instead}`,
  );

/** Turns every failure of the store itself into `StoreUnavailableError`, logged once, for all calls. */
function reportStoreFailures(client: S3Client, logger: Logger) {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        if (!isStoreFailure(err)) throw err;
        logger.error({ err }, 'object store request failed');
        throw new StoreUnavailableError((err as Error).message ?? String(err));
      }
    },
    { step: 'initialize', name: 'reportStoreFailures' },
  );
}

function s3Client(config: StorageConfig, endpoint: string) {
  return new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey },
    // Flexible checksums add headers to presigned URLs that browsers do not send, and an
    // aws-chunked body encoding that s3rver does not speak: only where S3 demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The media service's one way to the object store: plain S3 through `@aws-sdk/client-s3`, so the
 * same code serves s3rver (embedded), SeaweedFS (docker-compose) and any S3. Presigned URLs are
 * signed for the public endpoint, because the signature covers the host the browser uses.
 */
export class ObjectStore {
  private constructor(
    private readonly client: S3Client,
    private readonly presigner: S3Client,
    readonly bucket: string,
    private readonly capabilities: StoreCapabilities,
    private readonly sameOriginUploads: boolean,
  ) {}

  /** Connects, creates the bucket when missing and probes what the store can do. */
  static async open(config: StorageConfig, logger: Logger): Promise<ObjectStore> {
    const client = s3Client(config, config.endpoint);
    const presigner = s3Client(config, config.publicEndpoint ?? config.endpoint);
    reportStoreFailures(client, logger);
    try {
      await ensureBucket(client, config.bucket);
      const capabilities = await probeCapabilities(client, config.bucket);
      if (!capabilities.listParts || !capabilities.abortMultipart) {
        logger[config.limitsKnown ? 'info' : 'warn'](
          { capabilities },
          'object store lacks ListParts and/or AbortMultipartUpload (s3rver): those endpoints answer 501',
        );
      }
      return new ObjectStore(
        client,
        presigner,
        config.bucket,
        capabilities,
        config.sameOriginUploads ?? false,
      );
    } catch (err) {
      client.destroy();
      presigner.destroy();
      if (err instanceof StoreUnavailableError) {
        throw new Error(
          `Cannot reach the object store at ${config.endpoint} (${err.reason}): start an S3-compatible store there (docker compose runs one; npm start runs an embedded one) or set S3_ENDPOINT to a running one.`,
        );
      }
      throw err;
    }
  }

  /**
   * A URL to PUT one object to, valid `expiresIn` seconds, bound to the content type and to the
   * exact size: the store itself refuses a body of any other length (the signature covers
   * `Content-Length`, which browsers set from the file and scripts cannot change).
   */
  presignPut(
    key: string,
    contentType: string,
    size: number,
    expiresIn: number,
    origin?: string,
  ): Promise<string> {
    const put = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    });
    return this.presignForBrowsers(put, expiresIn, ['content-type', 'content-length'], origin);
  }

  /**
   * A PUT presigned for `expiresIn` seconds over the given headers, as browsers get it. When
   * uploads go through the app's origin, the same path on that origin (absolute when the origin is
   * known: the uploader parses URLs), where the gateway forwards it to the store with the host it
   * was signed for.
   */
  private async presignForBrowsers(
    command: PutObjectCommand | UploadPartCommand,
    expiresIn: number,
    signedHeaders: string[],
    origin?: string,
  ): Promise<string> {
    const options = { expiresIn, signableHeaders: new Set(signedHeaders) };
    // One call per command type: the signer's types take one at a time.
    const url = await (command instanceof PutObjectCommand
      ? getSignedUrl(this.presigner, command, options)
      : getSignedUrl(this.presigner, command, options));
    if (!this.sameOriginUploads) return url;
    const { pathname, search } = new URL(url);
    return `${origin ?? ''}${pathname}${search}`;
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    const out = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!out.UploadId) throw new Error('The store returned no UploadId');
    return out.UploadId;
  }

  /**
   * A URL to PUT one part of a multipart upload to, bound like `presignPut` to the part's exact
   * size: the store refuses a part body of any other length.
   */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    size: number,
    expiresIn: number,
    origin?: string,
  ): Promise<string> {
    const part = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      ContentLength: size,
    });
    return this.presignForBrowsers(part, expiresIn, ['content-length'], origin);
  }

  /** The parts uploaded so far; a store without ListParts refuses with a 501. */
  async listParts(key: string, uploadId: string): Promise<StoredPart[]> {
    if (!this.capabilities.listParts) {
      throw notImplementedByStore(
        'Listing uploaded parts (ListParts)',
        'Start the upload again instead of resuming it.',
      );
    }
    const parts: StoredPart[] = [];
    let marker: string | undefined;
    do {
      const out = await this.client.send(
        new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const p of out.Parts ?? []) {
        parts.push({ PartNumber: p.PartNumber ?? 0, Size: p.Size ?? 0, ETag: p.ETag ?? '' });
      }
      marker = out.IsTruncated ? out.NextPartNumberMarker : undefined;
    } while (marker);
    return parts;
  }

  /** Assembles the parts; a refusal by the store (e.g. `InvalidPart`) is a `StoreError`. */
  async completeMultipart(key: string, uploadId: string, parts: { PartNumber: number; ETag: string }[]) {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: [...parts].sort((a, b) => a.PartNumber - b.PartNumber) },
        }),
      );
    } catch (err) {
      throw err instanceof StoreUnavailableError ? err : asStoreError(err);
    }
  }

  /** Aborts a multipart upload; a store without AbortMultipartUpload refuses with a 501. */
  async abortMultipart(key: string, uploadId: string) {
    if (!this.capabilities.abortMultipart) {
      throw notImplementedByStore(
        'Aborting a multipart upload (AbortMultipartUpload)',
        'The parts stay in the store until it is reset; the upload can simply be left unfinished.',
      );
    }
    await this.client.send(
      new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
    );
  }

  /** Size and ETag, or null when there is no such object. */
  async head(key: string): Promise<ObjectHead | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, etag: out.ETag ?? '' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** The object as a stream, or null when there is no such object. */
  async get(key: string): Promise<ObjectBody | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: out.Body as Readable, size: out.ContentLength ?? 0, etag: out.ETag ?? '' };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** The whole object in memory, reading at most `maxBytes` (more is an error). */
  async getBuffer(key: string, maxBytes: number): Promise<{ bytes: Buffer; etag: string } | null> {
    const object = await this.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of object.body) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) {
          object.body.destroy();
          throw new ObjectTooLargeError(`Object ${key} is larger than ${maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      // The connection dropped halfway through the body.
      throw err instanceof ObjectTooLargeError ? err : new StoreUnavailableError((err as Error).message);
    }
    return { bytes: Buffer.concat(chunks), etag: object.etag };
  }

  /** Writes an object; resolves to its ETag. */
  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    const out = await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
    return out.ETag ?? '';
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * The keys under `prefix` last written before `before`, a page (up to 1000) at a time. Pages
   * follow on from the last key seen (`Marker`), so the caller may delete what it was given.
   * ListObjects (v1): s3rver's v2 continuation tokens use a cipher Node 22+ no longer has.
   */
  async *listOlderThan(prefix: string, before: Date): AsyncGenerator<string[]> {
    let after: string | undefined;
    for (;;) {
      const out = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, Marker: after }),
      );
      const contents = out.Contents ?? [];
      const keys = contents
        .filter((o) => o.Key && o.LastModified && o.LastModified < before)
        .map((o) => o.Key as string);
      if (keys.length) yield keys;
      after = contents.at(-1)?.Key;
      if (!out.IsTruncated || !after) return;
    }
  }

  /** Deletes up to 1000 keys in one request (DeleteObjects). */
  async deleteMany(keys: string[]) {
    if (!keys.length) return;
    await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }

  /**
   * Multipart uploads under `prefix` started before `before` (a page at a time), where the
   * store can list them; none where it cannot (s3rver).
   */
  private async *multipartUploadsOlderThan(
    prefix: string,
    before: Date,
  ): AsyncGenerator<{ key: string; uploadId: string }[]> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const out = await this.client
        .send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: prefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        )
        .catch((err) => {
          if (err instanceof StoreUnavailableError) throw err;
          return null;
        });
      if (!out) return;
      const uploads = (out.Uploads ?? [])
        .filter((u) => u.Key && u.UploadId && u.Initiated && u.Initiated < before)
        .map((u) => ({ key: u.Key as string, uploadId: u.UploadId as string }));
      if (uploads.length) yield uploads;
      keyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
      uploadIdMarker = out.IsTruncated ? out.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }

  /**
   * Aborts the multipart uploads under `prefix` started before `before`; answers how many. A store
   * that cannot abort them keeps them (until it is reset) and answers 0.
   */
  async abortMultipartUploadsOlderThan(prefix: string, before: Date): Promise<number> {
    if (!this.capabilities.abortMultipart) return 0;
    let aborted = 0;
    for await (const uploads of this.multipartUploadsOlderThan(prefix, before)) {
      for (const u of uploads) {
        await this.abortMultipart(u.key, u.uploadId).then(
          () => aborted++,
          () => {},
        );
      }
    }
    return aborted;
  }

  close() {
    this.client.destroy();
    this.presigner.destroy();
  }
}

async function ensureBucket(client: S3Client, bucket: string) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (!isMissing(err)) throw err;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

/**
 * Finds out, on a throwaway multipart upload, whether the store lists parts and aborts uploads.
 * s3rver answers both with 405 MethodNotAllowed; a store that cannot abort is cleaned up by
 * completing the probe and deleting the object.
 */
async function probeCapabilities(client: S3Client, bucket: string): Promise<StoreCapabilities> {
  const key = `.probes/${randomUUID()}`;
  const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
  const uploadId = created.UploadId as string;
  const part = await client.send(
    new UploadPartCommand({
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: 1,
      Body: Buffer.from('x'),
    }),
  );
  const listParts = await client
    .send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
    .then((out) => (out.Parts ?? []).some((p) => p.PartNumber === 1))
    .catch(() => false);
  const abortMultipart = await client
    .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
    .then(() => true)
    .catch(() => false);
  if (!abortMultipart) {
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }
  return { listParts, abortMultipart };
}
