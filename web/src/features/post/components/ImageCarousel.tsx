import { imageUrl } from '@waco/contracts';
import { ChevronLeft, ChevronRight, ImageOff, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { haptic } from '../../../lib/haptics';
import { decideSwipe, type SwipeOutcome, wrapIndex } from '../../../lib/swipe';
import { cn } from '../../../ui/cn';

/** Spec section 2: images load within 50 px of the viewport, threshold 0.1, 100 ms apart per index. */
export const CAROUSEL_LAZY = { rootMargin: '50px', threshold: 0.1, preloadStepMs: 100 } as const;
export const CAROUSEL_TRANSITION_MS = 500;

type ImageState = 'pending' | 'loaded' | 'error';

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
}: CarouselProps) {
  const count = paths.length;
  const [index, setIndex] = useState(() => Math.min(initialIndex, Math.max(0, count - 1)));
  const [visible, setVisible] = useState(false);
  const [ready, setReady] = useState<boolean[]>(() => paths.map(() => false));
  const [states, setStates] = useState<ImageState[]>(() => paths.map(() => 'pending'));
  const [fallback, setFallback] = useState<boolean[]>(() => paths.map(() => false));
  const [drag, setDrag] = useState<number | null>(null);
  const root = useRef<HTMLElement>(null);
  const gesture = useRef<{ x: number; y: number; pointer: 'touch' | 'mouse' | 'pen'; id: number } | null>(
    null,
  );
  const lastOutcome = useRef<SwipeOutcome | null>(null);
  // After the dialog around it has placed its own focus (the next frame).
  useEffect(() => {
    if (!autoFocus) return;
    const frame = requestAnimationFrame(() => root.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [autoFocus]);

  // Lazy: nothing is fetched until the carousel is within 50 px of the viewport.
  useEffect(() => {
    const node = root.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: CAROUSEL_LAZY.rootMargin, threshold: CAROUSEL_LAZY.threshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // Once visible, image i starts loading after i × 100 ms.
  useEffect(() => {
    if (!visible) return;
    const timers = paths.map((_, i) =>
      setTimeout(
        () => setReady((r) => (r[i] ? r : r.map((v, j) => (j === i ? true : v)))),
        i * CAROUSEL_LAZY.preloadStepMs,
      ),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [visible, paths]);

  if (count === 0) return null;

  const go = (next: number) => setIndex(wrapIndex(next, count));
  const setState = (i: number, state: ImageState) => setStates((s) => s.map((v, j) => (j === i ? state : v)));
  const onError = (i: number) => {
    // First try the original upload (no variant), then give up.
    if (!fallback[i]) setFallback((f) => f.map((v, j) => (j === i ? true : v)));
    else setState(i, 'error');
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    gesture.current = {
      x: e.clientX,
      y: e.clientY,
      pointer: e.pointerType as 'touch' | 'mouse' | 'pen',
      id: e.pointerId,
    };
    lastOutcome.current = null;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    const dx = e.clientX - g.x;
    if (Math.abs(dx) > 10 && count > 1) {
      if (drag === null) e.currentTarget.setPointerCapture?.(e.pointerId);
      // Resist past the ends, where a swipe does not wrap.
      const atEdge = (dx > 0 && index === 0) || (dx < 0 && index === count - 1);
      setDrag(atEdge ? dx / 3 : dx);
    }
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    gesture.current = null;
    setDrag(null);
    if (!g || g.id !== e.pointerId) return;
    const outcome = decideSwipe({
      dx: e.clientX - g.x,
      pointer: g.pointer,
      width: e.currentTarget.clientWidth,
      index,
      count,
    });
    lastOutcome.current = outcome;
    if (outcome === 'next' || outcome === 'prev') haptic('swipe', 'subtle');
    if (outcome === 'next') setIndex(index + 1);
    if (outcome === 'prev') setIndex(index - 1);
  };
  const onClick = (e: MouseEvent) => {
    // The carousel handles its own clicks: a tap opens the larger view, a swipe does nothing more.
    e.stopPropagation();
    const outcome = lastOutcome.current;
    lastOutcome.current = null;
    if (outcome === null || outcome === 'tap') onTap?.(index);
  };
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
      aria-roledescription="carousel"
      aria-label={`${alt}: photos`}
      tabIndex={autoFocus ? -1 : undefined}
      data-autofocus={autoFocus || undefined}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures; the arrows and dots are the keyboard way */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the arrow keys work on the whole carousel (onKeyDown above) */}
      <div
        className="flex h-full touch-pan-y"
        style={{
          transform: `translateX(calc(${-index * 100}% + ${drag ?? 0}px))`,
          transition: drag === null ? `transform ${CAROUSEL_TRANSITION_MS}ms ease` : 'none',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          gesture.current = null;
          setDrag(null);
        }}
        onClick={onClick}
        onDragStart={(e) => e.preventDefault()}
        data-testid="carousel-track"
      >
        {paths.map((path, i) => {
          const state = states[i];
          const src = fallback[i] ? imageUrl(path) : imageUrl(path, variantWidth);
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
            <div
              key={path}
              className="relative h-full w-full shrink-0"
              role="group"
              aria-roledescription="slide"
              aria-label={t('{n} of {count}', { n: i + 1, count })}
              aria-hidden={i !== index}
              data-state={state}
            >
              {state !== 'loaded' && state !== 'error' && (
                <span className="absolute inset-0 animate-pulse bg-gradient-to-br from-muted to-border/60" />
              )}
              {state === 'error' ? (
                <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
                  <ImageOff aria-hidden className="size-6" />
                  {t('Failed to load')}
                </span>
              ) : ready[i] ? (
                <img
                  src={src}
                  alt={count > 1 ? t('{alt} (photo {n} of {count})', { alt, n: i + 1, count }) : alt}
                  draggable={false}
                  decoding="async"
                  fetchPriority={priority && i === 0 ? 'high' : undefined}
                  onLoad={() => setState(i, 'loaded')}
                  onError={() => onError(i)}
                  className={cn(
                    'size-full object-cover transition-opacity duration-300',
                    state === 'loaded' ? 'opacity-100' : 'opacity-0',
                  )}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <>
          <StepButton
            label={t('Previous photo')}
            icon={ChevronLeft}
            side="left-2"
            onStep={() => go(index - 1)}
          />
          <StepButton
            label={t('Next photo')}
            icon={ChevronRight}
            side="right-2"
            onStep={() => go(index + 1)}
          />
          <span
            className="absolute top-2.5 right-2.5 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
            data-testid="carousel-counter"
          >
            {index + 1}/{count}
          </span>
          <div className="absolute inset-x-0 bottom-1 flex justify-center">
            {paths.map((path, i) => (
              <button
                key={path}
                type="button"
                aria-label={t('Show photo {n}', { n: i + 1 })}
                aria-current={i === index}
                onClick={(e) => {
                  e.stopPropagation();
                  setIndex(i);
                }}
                className="group/dot grid h-6 min-w-6 place-items-center"
              >
                <span
                  className={cn(
                    'block h-2 rounded-full shadow transition-all',
                    i === index ? 'w-5 bg-white' : 'w-2 bg-white/60 group-hover/dot:bg-white/85',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The previous or next arrow over the photos (a tap on it does not count as a tap on the photo). */
function StepButton({
  label,
  icon: Icon,
  side,
  onStep,
}: {
  label: string;
  icon: LucideIcon;
  side: 'left-2' | 'right-2';
  onStep(): void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        onStep();
      }}
      className={cn(
        'absolute top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-black/45 text-white backdrop-blur transition-opacity hover:bg-black/65 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100',
        side,
      )}
    >
      <Icon aria-hidden className="size-5" />
    </button>
  );
}
