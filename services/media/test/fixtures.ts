import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** GPS tags as a phone writes them (IFD3 is the GPS directory in libvips' naming). */
export const GPS_EXIF = {
  IFD0: { Make: 'WacoCam', Model: 'Test 1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '31/1 33/1 4/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '97/1 8/1 47/1',
  },
};

/**
 * A photo-like JPEG: smooth colour with grain, so it compresses the way a photo does (a flat
 * colour would be tiny, pure noise far too large). `gps` adds the EXIF above.
 */
export async function photoJpeg(options: { width: number; height: number; gps?: boolean; quality?: number }) {
  const { width, height } = options;
  const pixels = Buffer.alloc(width * height * 3);
  const grain = randomBytes(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const g = (grain[i] as number) >> 2;
      pixels[i * 3] = ((x * 255) / width + g) & 0xff;
      pixels[i * 3 + 1] = ((y * 255) / height + g) & 0xff;
      pixels[i * 3 + 2] = (128 + g) & 0xff;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({
    quality: options.quality ?? 90,
  });
  return (options.gps ? image.withExif(GPS_EXIF) : image).toBuffer();
}

/**
 * A valid JPEG padded to exactly `size` bytes with random data after its end marker: decoders
 * ignore what follows, so it is a readable image of any size, and its bytes are hard to fake.
 */
export async function paddedJpeg(size: number) {
  const head = await photoJpeg({ width: 64, height: 48 });
  if (size < head.length) throw new Error(`paddedJpeg: ${size} is smaller than the image itself`);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

/** True when an EXIF block has a GPS directory (tag 0x8825), in either byte order. */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}
