// s3rver ships no types; this is the part of its API the embedded store uses.
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    directory?: string;
    silent?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** s3rver's filesystem store; the guard wraps its multipart assembly. */
  export interface S3rverStore {
    putObjectMultipart(
      bucket: string,
      uploadId: string,
      parts: { number: number; etag: string }[],
    ): Promise<{ md5: string; size: number }>;
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  }

  /** A Koa application: `callback()` is its request handler, without listening anywhere. */
  export default class S3rver {
    constructor(options?: S3rverOptions);
    store: S3rverStore;
    logger?: { close(): void };
    configureBuckets(): Promise<void>;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
