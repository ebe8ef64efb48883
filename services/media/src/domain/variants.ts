import { IMAGE_VARIANT_WIDTHS, type ImageContentType, type ImageVariant } from '@waco/contracts';

/** The key of an upload's variant of a nominal width: `uploads/u/x.jpg` → `uploads/u/x.w480.webp`. */
export const variantKey = (key: string, width: number) => key.replace(/\.(jpg|png|webp)$/, `.w${width}.webp`);

/** The widths to render for an original of this width: never wider than it, no duplicates. */
export function plannedVariantWidths(
  originalWidth: number,
  widths: readonly number[] = IMAGE_VARIANT_WIDTHS,
) {
  const planned: { nominal: number; width: number }[] = [];
  for (const nominal of widths) {
    const width = Math.min(nominal, originalWidth);
    if (!planned.some((p) => p.width === width)) planned.push({ nominal, width });
  }
  return planned;
}

/** A variant is only worth keeping when it is smaller than the original. */
export const worthKeeping = (variantBytes: number, originalBytes: number) => variantBytes < originalBytes;

export interface ServedObject {
  key: string;
  etag: string;
  contentType: ImageContentType;
  /** True when a width was asked for but no variant exists yet, so the original stands in. */
  standIn: boolean;
}

/**
 * What `?w=` serves: the narrowest variant at least as wide as asked; once all variants are
 * made, the widest when none is that wide, or the original when none was worth keeping. While
 * they are still being made (narrowest first), the original stands in for a missing one. The
 * original is served when no width is asked.
 */
export function chooseServedObject(
  original: { key: string; etag: string; contentType: ImageContentType },
  variants: { list: ImageVariant[]; done: boolean },
  requestedWidth: number | undefined,
): ServedObject {
  if (requestedWidth === undefined) return { ...original, standIn: false };
  const byWidth = [...variants.list].sort((a, b) => a.width - b.width);
  const chosen =
    byWidth.find((v) => v.width >= requestedWidth) ?? (variants.done ? byWidth.at(-1) : undefined);
  if (chosen) return { key: chosen.key, etag: chosen.etag, contentType: 'image/webp', standIn: false };
  return { ...original, standIn: !variants.done };
}
