import { IMAGE_VARIANT_WIDTHS } from '@waco/contracts';
import { Dialog } from '../../../ui/Dialog';
import { ImageCarousel } from './ImageCarousel';

const LARGEST = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1] ?? 1080;

/** The larger view of a post's photos, over everything. */
export default function ImageViewer({
  paths,
  title,
  initialIndex,
  onClose,
}: {
  paths: string[];
  title: string;
  initialIndex: number;
  onClose(): void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      hideTitle
      layout="full"
      autoFocusFirst={false}
      className="flex items-center bg-black text-white sm:inset-y-8 sm:max-w-4xl sm:border-0"
    >
      <ImageCarousel
        paths={paths}
        height="min(82dvh, 900px)"
        variantWidth={LARGEST}
        alt={title}
        initialIndex={initialIndex}
        className="w-full bg-black [&_img]:object-contain"
      />
    </Dialog>
  );
}
