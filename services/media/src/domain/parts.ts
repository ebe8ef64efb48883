import { UPLOAD } from '@waco/contracts';

/**
 * The parts of a multipart upload, as the uploader (`@uppy/aws-s3` v5, default `getChunkSize`)
 * cuts a file of `fileSize` bytes: parts of max(5 MiB, ceil(size / 10000)) bytes, the last one the
 * remainder. Each part URL is signed for exactly its part's length, so the store refuses a part
 * of any other size. (Above 10000 such parts, ~52 GB, the uploader would cut otherwise; no image
 * within the size rule comes near.)
 */
export function partSize(fileSize: number): number {
  return Math.max(UPLOAD.minPartBytes, Math.ceil(fileSize / UPLOAD.maxParts));
}

/** How many parts a file of `fileSize` bytes is cut into: at least one. */
export function partCount(fileSize: number): number {
  return Math.max(1, Math.ceil(fileSize / partSize(fileSize)));
}

/** The exact length of part `partNumber` (from 1), or null when the file has no such part. */
export function partLength(fileSize: number, partNumber: number): number | null {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > partCount(fileSize)) return null;
  const size = partSize(fileSize);
  return Math.min(size, fileSize - (partNumber - 1) * size);
}
