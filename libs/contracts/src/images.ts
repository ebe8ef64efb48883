// Where images are served, and what an image's bytes say it is; no zod here, so the web app's
// first screen can use it cheaply.
import type { ALLOWED_IMAGE_TYPES } from './constants';

/** Widths (px) of the WebP variants written after each upload; `?w=` picks the nearest. */
export const IMAGE_VARIANT_WIDTHS = [480, 1080] as const;
/** The variant the feed's cards use. */
export const FEED_IMAGE_WIDTH = 480;

/** Where an image is served: `/objects/{path}`, optionally `?w={width}` for a variant. */
export function imageUrl(objectPath: string, width?: number): string {
  return width ? `${objectPath}?w=${width}` : objectPath;
}

/** A photo's smallest rendition, for thumbnails (a conversation's post). */
export const thumbnailUrl = (objectPath: string) => imageUrl(objectPath, IMAGE_VARIANT_WIDTHS[0]);

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type the bytes themselves declare (magic numbers), whatever the file's name or
 * declared type: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, WEBP `RIFF....WEBP`. The media
 * service decides with it, and the web app checks a photo with it before uploading.
 */
export function sniffImageType(bytes: Uint8Array): (typeof ALLOWED_IMAGE_TYPES)[number] | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
