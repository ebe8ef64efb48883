import { imageUrl } from '@waco/contracts';
import { ImageOff } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';
import type { ImageState } from '../hooks/carousel-images';

/** One photo of the carousel: a shimmer while it loads, the photo, or "Failed to load". */
export function CarouselSlide({
  path,
  n,
  count,
  current,
  state,
  ready,
  fallback,
  variantWidth,
  alt,
  priority,
  fit = 'cover',
  onLoad,
  onError,
}: {
  path: string;
  /** Its place, from 1. */
  n: number;
  count: number;
  current: boolean;
  /** Undefined for a photo added after the carousel was made (shown as loading). */
  state: ImageState | undefined;
  /** Whether it may load yet. */
  ready: boolean;
  /** Whether its variant failed, so the original upload is shown. */
  fallback: boolean;
  variantWidth: number;
  alt: string;
  priority: boolean;
  /** `cover` fills the slide (cards); `contain` shows the whole photo (the detail, the viewer). */
  fit?: 'cover' | 'contain';
  /** Loaded, with the photo's own width and height. */
  onLoad(width: number, height: number): void;
  onError(): void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
    <div
      className="relative h-full w-full shrink-0"
      role="group"
      aria-roledescription={t('slide')}
      aria-label={t('{n} of {count}', { n, count })}
      aria-hidden={!current}
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
      ) : ready ? (
        <img
          src={fallback ? imageUrl(path) : imageUrl(path, variantWidth)}
          alt={count > 1 ? t('{alt} (photo {n} of {count})', { alt, n, count }) : alt}
          draggable={false}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onLoad={(e) => onLoad(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
          onError={onError}
          // A server-rendered photo may have loaded before React hydrated it (no load event then).
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0 && state !== 'loaded')
              onLoad(img.naturalWidth, img.naturalHeight);
          }}
          className={cn(
            'size-full transition-opacity duration-300',
            fit === 'contain' ? 'object-contain' : 'object-cover',
            // The priority photo shows as it arrives: a faded-in one is not painted until loaded.
            state === 'loaded' || priority ? 'opacity-100' : 'opacity-0',
          )}
        />
      ) : null}
    </div>
  );
}
