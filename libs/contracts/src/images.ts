// Where images are served; no zod here, so the web app's first screen can use it cheaply.

/** Widths (px) of the WebP variants written after each upload; `?w=` picks the nearest. */
export const IMAGE_VARIANT_WIDTHS = [480, 1080] as const;
/** The variant the feed's cards use. */
export const FEED_IMAGE_WIDTH = 480;

/** Where an image is served: `/objects/{path}`, optionally `?w={width}` for a variant. */
export function imageUrl(objectPath: string, width?: number): string {
  return width ? `${objectPath}?w=${width}` : objectPath;
}
