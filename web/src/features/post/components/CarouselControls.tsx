import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

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

/** One dot per photo, the current one long; a dot shows its photo. */
function CarouselDots({
  paths,
  index,
  onShow,
}: {
  paths: string[];
  index: number;
  onShow(index: number): void;
}) {
  return (
    <div className="absolute inset-x-0 bottom-1 flex justify-center">
      {paths.map((path, i) => (
        <button
          key={path}
          type="button"
          aria-label={t('Show photo {n}', { n: i + 1 })}
          aria-current={i === index}
          onClick={(e) => {
            e.stopPropagation();
            onShow(i);
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
  );
}

/** Over several photos: the wrapping arrows, the "n/total" counter and the dots. */
export function CarouselControls({
  paths,
  index,
  onGo,
  onShow,
}: {
  paths: string[];
  index: number;
  /** Moves to that index, wrapping past the ends. */
  onGo(index: number): void;
  onShow(index: number): void;
}) {
  return (
    <>
      <StepButton
        label={t('Previous photo')}
        icon={ChevronLeft}
        side="left-2"
        onStep={() => onGo(index - 1)}
      />
      <StepButton label={t('Next photo')} icon={ChevronRight} side="right-2" onStep={() => onGo(index + 1)} />
      <span
        className="absolute top-2.5 right-2.5 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
        data-testid="carousel-counter"
      >
        {index + 1}/{paths.length}
      </span>
      <CarouselDots paths={paths} index={index} onShow={onShow} />
    </>
  );
}
