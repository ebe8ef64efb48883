import { CATEGORY_CHIPS, type Category, type FilterUsage, SEARCH_FAVOURITES_MAX } from '@waco/contracts';
import { type LucideIcon, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';

const chip =
  'inline-flex h-9 items-center gap-1.5 rounded-full border bg-card px-3.5 text-sm font-medium transition-colors hover:border-primary/60 hover:bg-muted';

function Chip({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className={chip} onClick={onClick}>
      {children}
    </button>
  );
}

/** A titled section of the search. */
export function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h3 className="flex items-center gap-2 text-sm font-bold tracking-wide text-muted-foreground uppercase">
        {icon}
        {title}
      </h3>
      <div className="mt-3 flex flex-wrap gap-2">{children}</div>
    </section>
  );
}

/** A section of chips, one per item; picking one runs `onPick` with it. */
export function ChipSection<T extends string>({
  title,
  icon: Icon,
  items,
  labelOf = (item) => item,
  onPick,
}: {
  title: string;
  icon: LucideIcon;
  items: readonly T[];
  labelOf?(item: T): string;
  onPick(item: T): void;
}) {
  return (
    <Section title={title} icon={<Icon aria-hidden className="size-4" />}>
      {items.map((item) => (
        <Chip key={item} onClick={() => onPick(item)}>
          {labelOf(item)}
        </Chip>
      ))}
    </Section>
  );
}

const labelOf = (usage: FilterUsage) =>
  usage.filterType === 'category'
    ? t(CATEGORY_CHIPS[usage.filterValue as Category] ?? usage.filterValue)
    : usage.filterType === 'neighborhood'
      ? placeName(usage.filterValue)
      : usage.filterValue;

/** "Your Favorites": the member's most used searches and filters, each with its count. */
export function FavouritesSection({
  favourites,
  onPick,
}: {
  favourites: FilterUsage[] | undefined;
  onPick(usage: FilterUsage): void;
}) {
  return (
    <Section title={t('Your Favorites')} icon={<Star aria-hidden className="size-4" />}>
      {(favourites ?? []).slice(0, SEARCH_FAVOURITES_MAX).map((usage) => (
        <Chip key={usage.id} onClick={() => onPick(usage)}>
          {labelOf(usage)}
          <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums">
            {usage.usageCount}
          </span>
        </Chip>
      ))}
      {favourites?.length === 0 && (
        <p className="text-sm text-muted-foreground">
          {t('Your most used searches and filters will show here.')}
        </p>
      )}
    </Section>
  );
}
