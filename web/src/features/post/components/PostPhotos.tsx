import {
  CAROUSEL_CARD_HEIGHT_PX,
  CAROUSEL_DETAIL_HEIGHT_PX,
  FEED_IMAGE_WIDTH,
  IMAGE_VARIANT_WIDTHS,
  type Post,
} from '@waco/contracts';
import { ImageCarousel } from './ImageCarousel';

/** The carousel's height and image width on a feed card and in the post's detail. */
const SIZES = {
  card: { height: CAROUSEL_CARD_HEIGHT_PX, variantWidth: FEED_IMAGE_WIDTH },
  detail: { height: CAROUSEL_DETAIL_HEIGHT_PX, variantWidth: IMAGE_VARIANT_WIDTHS[1] ?? 1080 },
} as const;

/** A post's photos in a carousel, when it has any (tapping one opens the viewer). */
export function PostPhotos({
  post,
  size,
  height,
  priority,
  fit,
  onImageRatio,
  onTap,
}: {
  post: Pick<Post, 'imagePaths' | 'title'>;
  size: keyof typeof SIZES;
  /** Instead of the size's own height (the desktop detail's photo pane is taller). */
  height?: string;
  priority?: boolean;
  fit?: 'cover' | 'contain';
  onImageRatio?(index: number, ratio: number): void;
  onTap(index: number): void;
}) {
  if (post.imagePaths.length === 0) return null;
  return (
    <ImageCarousel
      paths={post.imagePaths}
      alt={post.title}
      {...SIZES[size]}
      {...(height ? { height } : {})}
      priority={priority}
      fit={fit}
      onImageRatio={onImageRatio}
      onTap={onTap}
    />
  );
}
