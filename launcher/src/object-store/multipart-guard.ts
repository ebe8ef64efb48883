import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { S3rverStore } from 's3rver';

type S3ErrorClass = new (code: string, message: string, detail?: Record<string, unknown>) => Error;

const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Makes s3rver check a CompleteMultipartUpload the way S3 does before assembling anything.
 * s3rver itself checks nothing: it opens a read stream per listed part, and a part that was never
 * uploaded makes one of them emit an error nobody listens to, which ends the whole process. Here
 * an unknown upload is `NoSuchUpload` (404) and a part that is missing or whose ETag differs is
 * `InvalidPart` (400), answered like any other S3 error.
 */
export function guardMultipartAssembly(store: S3rverStore) {
  const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error.js') as S3ErrorClass;
  const assemble = store.putObjectMultipart.bind(store);
  store.putObjectMultipart = async (bucket, uploadId, parts) => {
    const uploadDir = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!UPLOAD_ID.test(uploadId) || !(await stat(uploadDir).catch(() => null))) {
      throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: uploadId });
    }
    for (const part of parts) {
      const md5 = Number.isInteger(part.number)
        ? await readFile(join(uploadDir, `${part.number}.md5`), 'utf8').catch(() => null)
        : null;
      if (md5 === null || md5 !== part.etag) {
        throw new S3Error(
          'InvalidPart',
          'One or more of the specified parts could not be found, or its ETag does not match.',
          { PartNumber: part.number, ETag: part.etag },
        );
      }
    }
    return assemble(bucket, uploadId, parts);
  };
}
