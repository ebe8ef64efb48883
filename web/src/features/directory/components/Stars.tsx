import { Star } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

/** A rating shown as five stars (filled to the nearest whole one), read aloud as its number. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={t('{rating} out of 5 stars', { rating: rating.toFixed(rating % 1 ? 2 : 0) })}
      className={cn('inline-flex text-amber-500', className)}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden className={cn('size-4', n <= filled ? 'fill-current' : 'opacity-40')} />
      ))}
    </span>
  );
}
