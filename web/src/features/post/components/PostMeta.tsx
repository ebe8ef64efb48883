import { CATEGORY_LABELS, type Category, type Post } from '@waco/contracts';
import { Briefcase, CalendarDays, MapPin } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { formatEventDate, formatPrice, placeName } from '../../../lib/format';
import { cn } from '../../../ui/cn';

const BADGE: Record<Category, string> = {
  sale: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  job: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  event: 'bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-200',
};

/** The wide screens' tile in place of a photo, a post without any: the category's colour. */
export function CategoryTile({ category }: { category: Category }) {
  return (
    <div
      aria-hidden
      className={cn('grid place-items-center text-2xl font-extrabold tracking-tight', BADGE[category])}
    >
      {t(CATEGORY_LABELS[category])}
    </div>
  );
}

/** The category badge: green for sale, blue for jobs, purple for events. */
export function CategoryBadge({ category, className }: { category: Category; className?: string }) {
  return (
    <span
      className={cn(
        // One line at any width: the badge never shrinks or wraps inside its pill.
        'inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-semibold whitespace-nowrap',
        BADGE[category],
        className,
      )}
      data-category={category}
    >
      {t(CATEGORY_LABELS[category])}
    </span>
  );
}

export const neighborhoodLabel = (post: Pick<Post, 'neighborhood'>) => placeName(post.neighborhood);

/** Price, salary and company, event date, address: whichever the post has. */
export function PostFacts({ post, large = false }: { post: Post; large?: boolean }) {
  const price = formatPrice(post.price);
  const facts = [
    post.company || post.salary
      ? { icon: Briefcase, text: [post.company, post.salary].filter(Boolean).join(' · '), key: 'job' }
      : null,
    post.eventDate ? { icon: CalendarDays, text: formatEventDate(post.eventDate), key: 'date' } : null,
    post.address ? { icon: MapPin, text: post.address, key: 'address' } : null,
  ].filter((f) => f !== null);
  return (
    <div className="grid gap-1.5">
      {price && (
        <p
          className={cn('font-extrabold tracking-tight text-primary', large ? 'text-2xl' : 'text-xl')}
          data-testid="price"
        >
          {price}
        </p>
      )}
      {facts.map(({ icon: Icon, text, key }) => (
        <p
          key={key}
          className={cn('flex items-start gap-2 text-muted-foreground', large ? 'text-base' : 'text-sm')}
        >
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span data-testid={key === 'date' ? 'event-date' : undefined}>{text}</span>
        </p>
      ))}
    </div>
  );
}
