import type { ImageContentType } from '@waco/contracts';
import sharp from 'sharp';

export interface CleanImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The image as the app serves it: decoded, turned upright by its EXIF orientation, and encoded
 * again in its own format with no metadata at all (no EXIF, GPS, XMP, IPTC, comments; sharp
 * writes none unless asked). Phones put where a photo was taken in its EXIF, so the uploaded
 * bytes themselves are never served. Null when the bytes cannot be read as an image.
 * Deterministic: the same bytes give the same output.
 */
export async function cleanImage(bytes: Buffer, contentType: ImageContentType): Promise<CleanImage | null> {
  try {
    const upright = sharp(bytes, { failOn: 'error' }).rotate();
    const encoded =
      contentType === 'image/png'
        ? upright.png()
        : contentType === 'image/webp'
          ? upright.webp({ quality: 90 })
          : upright.jpeg({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return info.width && info.height ? { bytes: data, width: info.width, height: info.height } : null;
  } catch {
    return null;
  }
}
