import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATEGORIES,
  CATEGORY_CHIPS,
  type Category,
  type FilterUsage,
  type Neighborhood,
  POPULAR_TAGS,
  SEARCH_FAVOURITES_MAX,
  TOP_FILTERS_CACHE_MS,
  TOP_FILTERS_SEARCH_LIMIT,
} from '@waco/contracts';
import {
  BellRing,
  CircleDollarSign,
  Clock,
  Hash,
  type LucideIcon,
  Search,
  SlidersHorizontal,
  Star,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { inputClass } from '../../../ui/Field';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useFeedFilters } from '../../feed/filters';
import { PriceFilter } from '../../lifecycle/components/PriceFilter';
import { SavedSearchList } from '../../lifecycle/components/SavedSearches';

export const RECENT_SEARCHES = ['vintage furniture', 'part-time jobs', 'weekend events'] as const;

type FilterType = FilterUsage['filterType'];

const chip =
  'inline-flex h-9 items-center gap-1.5 rounded-full border bg-card px-3.5 text-sm font-medium transition-colors hover:border-primary/60 hover:bg-muted';

function Chip({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className={chip} onClick={onClick}>
      {children}
    </button>
  );
}

/** A section of chips, one per item; picking one runs `onPick` with it. */
function ChipSection<T extends string>({
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

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
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

/** The full-screen search: a text box, favourites or recent searches, popular tags, quick filters. */
export default function SearchModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { isSignedIn } = useCurrentUser();
  const { filters, search, selectCategory, selectNeighborhood, applyPrice, show } = useFeedFilters();
  const client = useQueryClient();
  const [text, setText] = useState(filters.search ?? '');
  const favourites = useQuery({
    queryKey: queryKeys.topFilters(TOP_FILTERS_SEARCH_LIMIT),
    queryFn: ({ signal }) =>
      api.call('getTopFilters', { query: { limit: TOP_FILTERS_SEARCH_LIMIT }, signal }),
    enabled: open && isSignedIn,
    staleTime: TOP_FILTERS_CACHE_MS,
  });

  // A typed search is recorded by the server with the feed's first page; the rest are recorded here.
  const record = (filterType: FilterType, filterValue: string) => {
    if (!isSignedIn) return;
    void api
      .call('recordFilterUsage', { body: { filterType, filterValue } })
      .then(() => client.invalidateQueries({ queryKey: queryKeys.allTopFilters }))
      .catch(() => {});
  };
  const runSearch = (value: string) => {
    onOpenChange(false);
    search(value);
  };
  const apply = (filterType: FilterType, value: string) => {
    onOpenChange(false);
    if (filterType === 'category' && CATEGORIES.includes(value as Category)) {
      record('category', value);
      selectCategory(value as Category);
    } else if (filterType === 'neighborhood') {
      record('neighborhood', value);
      selectNeighborhood(value as Neighborhood);
    } else if (filterType === 'tag') {
      // The search itself is recorded by the server (as "#tag"): recording the tag here too
      // counted one click as two favourites.
      search(value.startsWith('#') ? value : `#${value}`);
    } else {
      search(value);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) runSearch(text);
  };
  const label = (usage: FilterUsage) =>
    usage.filterType === 'category'
      ? t(CATEGORY_CHIPS[usage.filterValue as Category] ?? usage.filterValue)
      : usage.filterType === 'neighborhood'
        ? placeName(usage.filterValue)
        : usage.filterValue;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Search')} layout="full" className="p-4 sm:p-6">
      <search>
        <form onSubmit={submit} className="mt-4 flex gap-2">
          <div className="relative flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
            />
            <input
              type="search"
              aria-label={t('Search posts')}
              placeholder={t('Search posts or #tags')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoFocus
              className={`${inputClass} h-12 pl-11 text-base`}
              enterKeyHint="search"
            />
          </div>
          <button type="submit" className={buttonClass('primary', 'lg')}>
            {t('Search')}
          </button>
        </form>
      </search>

      {isSignedIn ? (
        <Section title={t('Your Favorites')} icon={<Star aria-hidden className="size-4" />}>
          {(favourites.data ?? []).slice(0, SEARCH_FAVOURITES_MAX).map((usage) => (
            <Chip key={usage.id} onClick={() => apply(usage.filterType, usage.filterValue)}>
              {label(usage)}
              <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums">
                {usage.usageCount}
              </span>
            </Chip>
          ))}
          {favourites.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">
              {t('Your most used searches and filters will show here.')}
            </p>
          )}
        </Section>
      ) : (
        <ChipSection title={t('Recent Searches')} icon={Clock} items={RECENT_SEARCHES} onPick={runSearch} />
      )}
      <Section title={t('Price & Order')} icon={<CircleDollarSign aria-hidden className="size-4" />}>
        <PriceFilter
          filters={filters}
          onApply={(change) => {
            onOpenChange(false);
            applyPrice(change);
          }}
        />
      </Section>
      {isSignedIn && (
        <Section title={t('Saved Searches')} icon={<BellRing aria-hidden className="size-4" />}>
          <SavedSearchList
            onRun={(saved) => {
              onOpenChange(false);
              show({
                search: saved.query ?? undefined,
                category: saved.category ?? undefined,
                neighborhood: saved.neighborhood ?? undefined,
                minPrice: saved.minPrice ?? undefined,
                maxPrice: saved.maxPrice ?? undefined,
              });
            }}
          />
        </Section>
      )}
      <ChipSection
        title={t('Popular Tags')}
        icon={Hash}
        items={POPULAR_TAGS}
        onPick={(tag) => apply('tag', tag)}
      />
      <ChipSection
        title={t('Quick Filters')}
        icon={SlidersHorizontal}
        items={CATEGORIES}
        labelOf={(category) => CATEGORY_CHIPS[category]}
        onPick={(category) => apply('category', category)}
      />
    </Dialog>
  );
}
