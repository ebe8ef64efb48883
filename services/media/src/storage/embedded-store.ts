import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks signatures against them. */
const S3RVER_KEY = 'S3RVER';

export interface EmbeddedStore {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  stop(): Promise<void>;
}

export interface EmbeddedStoreOptions {
  /** Where objects are kept across restarts. */
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Origins whose pages upload straight to the store (the app's origin). */
  allowedOrigins: string[];
  bucket?: string;
  host?: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** Browsers PUT to presigned URLs cross-origin, and the uploader must read ETag and Location. */
function corsConfiguration(origins: string[]) {
  const allowed = origins.map((o) => `<AllowedOrigin>${escapeXml(o)}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader><ExposeHeader>Location</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule></CORSConfiguration>`;
}

/**
 * The embedded mode's object store: s3rver in this process, on loopback, its bucket created with
 * CORS for the app's origins. The media service reaches it with the same S3 client as any store.
 * s3rver has no ListParts and no AbortMultipartUpload (the media service answers 501 there).
 */
export async function startEmbeddedStore(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
  const bucket = options.bucket ?? 'waco-media';
  const host = options.host ?? '127.0.0.1';
  mkdirSync(options.dataDir, { recursive: true });
  const server = new S3rver({
    address: host,
    port: options.port,
    directory: options.dataDir,
    silent: true,
    // Path-style URLs only: virtual-host buckets would need DNS for bucket.127.0.0.1.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [corsConfiguration(options.allowedOrigins)] }],
  });
  const address = await server.run();
  return {
    endpoint: `http://${host}:${address.port}`,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    bucket,
    async stop() {
      // Browsers keep connections alive; close them so that stopping does not wait on them.
      const closing = server.close();
      server.httpServer?.closeAllConnections();
      await closing;
    },
  };
}
