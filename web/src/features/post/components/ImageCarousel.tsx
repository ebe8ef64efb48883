import { type KeyboardEvent, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { wrapIndex } from '../../../lib/swipe';
import { cn } from '../../../ui/cn';
import { useCarouselImages, useFocusOnShow } from '../hooks/carousel-images';
import { useSwipeGesture } from '../hooks/swipe-gesture';
import { CarouselControls } from './CarouselControls';
import { CarouselSlide } from './CarouselSlide';

export { CAROUSEL_LAZY } from '../hooks/carousel-images';
export const CAROUSEL_TRANSITION_MS = 500;

interface CarouselProps {
  paths: string[];
  /** 256 on cards, 400 in the detail (any CSS length in the full-screen viewer). */
  height: number | string;
  /** The variant's width: 480 on cards, 1080 in the detail. */
  variantWidth: number;
  alt: string;
  /** A tap (not a swipe) on an image. */
  onTap?(index: number): void;
  /** The first card's first image is the page's largest paint: fetch it first. */
  priority?: boolean;
  initialIndex?: number;
  /** Take the focus when shown, so that the arrow keys move it at once (the full-screen viewer). */
  autoFocus?: boolean;
  className?: string;
  /** How a photo fills its slide (see `CarouselSlide`). */
  fit?: 'cover' | 'contain';
  /** A photo loaded: its place and its width / height ratio. */
  onImageRatio?(index: number, ratio: number): void;
}

/** Swipeable images with wrapping arrows, dots and an "n/total" counter. */
export function ImageCarousel({
  paths,
  height,
  variantWidth,
  alt,
  onTap,
  priority = false,
  initialIndex = 0,
  autoFocus = false,
  className,
  fit,
  onImageRatio,
}: CarouselProps) {
  const count = paths.length;
  const [index, setIndex] = useState(() => Math.min(initialIndex, Math.max(0, count - 1)));
  const root = useRef<HTMLElement>(null);
  useFocusOnShow(root, autoFocus);
  const images = useCarouselImages(root, paths, priority);
  const { drag, handlers } = useSwipeGesture({ index, count, setIndex, onTap });

  if (count === 0) return null;

  const go = (next: number) => setIndex(wrapIndex(next, count));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      ref={root}
      className={cn('group relative overflow-hidden bg-muted select-none', className)}
      style={{ height }}
      data-carousel
      data-index={index}
      aria-roledescription={t('carousel')}
      aria-label={t('{alt}: photos', { alt })}
      tabIndex={autoFocus ? -1 : undefined}
      data-autofocus={autoFocus || undefined}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures; the arrows and dots are the keyboard way */}
      <div
        className="flex h-full touch-pan-y"
        style={{
          transform: `translateX(calc(${-index * 100}% + ${drag ?? 0}px))`,
          transition: drag === null ? `transform ${CAROUSEL_TRANSITION_MS}ms ease` : 'none',
        }}
        {...handlers}
        onDragStart={(e) => e.preventDefault()}
        data-testid="carousel-track"
      >
        {paths.map((path, i) => (
          <CarouselSlide
            key={path}
            path={path}
            n={i + 1}
            count={count}
            current={i === index}
            state={images.states[i]}
            ready={images.ready[i] ?? false}
            fallback={images.fallback[i] ?? false}
            variantWidth={variantWidth}
            alt={alt}
            priority={priority && i === 0}
            fit={fit}
            onLoad={(width, height) => {
              images.onLoad(i);
              if (width > 0 && height > 0) onImageRatio?.(i, width / height);
            }}
            onError={() => images.onError(i)}
          />
        ))}
      </div>
      {count > 1 && <CarouselControls paths={paths} index={index} onGo={go} onShow={setIndex} />}
    </section>
  );
}
