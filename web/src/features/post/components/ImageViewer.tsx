import { IMAGE_VARIANT_WIDTHS } from '@waco/contracts';
import type { KeyboardEvent } from 'react';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/Dialog';
import { useZoom } from '../hooks/zoom';
import { ImageCarousel } from './ImageCarousel';

const LARGEST = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1] ?? 1080;

/**
 * The larger view of a post's photos, over everything: the arrow keys move between them, and
 * they zoom (wheel, pinch, double click or tap, + and -).
 */
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
  const { zoom, reset, by, handlers } = useZoom();
  const zoomed = zoom.scale > 1;
  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') reset();
    else if (e.key === '+' || e.key === '=') by(1.25);
    else if (e.key === '-') by(0.8);
  };
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
      className="flex items-center overflow-hidden bg-black text-white sm:inset-y-8 sm:max-w-4xl sm:border-0 lg:max-w-6xl"
    >
      <div
        className={cn('w-full touch-none', zoomed && '[&_button]:hidden')}
        onKeyDownCapture={onKeyDownCapture}
        data-zoom={zoom.scale.toFixed(2)}
        {...handlers}
      >
        <div
          style={{
            transform: `scale(${zoom.scale}) translate(${zoom.x}px, ${zoom.y}px)`,
            transition: 'transform 120ms ease-out',
          }}
        >
          <ImageCarousel
            paths={paths}
            height="min(82dvh, 900px)"
            variantWidth={LARGEST}
            alt={title}
            initialIndex={initialIndex}
            autoFocus
            className="w-full bg-black [&_img]:object-contain"
          />
        </div>
      </div>
    </Dialog>
  );
}
