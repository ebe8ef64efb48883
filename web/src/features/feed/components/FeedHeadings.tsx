import { CATEGORY_CHIPS, type Category, COMPACT_FILTER_BAR_SCROLL_PX } from '@waco/contracts';
import { X } from 'lucide-react';
import type { FeedFilters } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { PAGE_WIDTH } from '../../../ui/layout';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { describePriceFilters, SaveSearchButton } from '../../lifecycle/components/SavedSearches';
import { hasPriceFilters, useFeedFilters } from '../filters';
import { useScrolledPast } from '../hooks/feed-page';
import { CategoryChips, chipClass } from './CategoryChips';

/** A member's choice of only the posts of people they follow (a toggle in the chips' row). */
function FollowingChip({ compact = false }: { compact?: boolean }) {
  const { isSignedIn } = useCurrentUser();
  const { filters, toggleFollowing } = useFeedFilters();
  if (!isSignedIn) return null;
  const on = Boolean(filters.following);
  return (
    <button type="button" aria-pressed={on} onClick={toggleFollowing} className={chipClass(on, compact)}>
      {t('Following')}
    </button>
  );
}

/** The chips under the mode switch, and their compact copy fixed under the header once scrolled. */
export function FeedChips({
  selected,
  onSelect,
}: {
  selected: Category | null;
  onSelect(category: Category | null): void;
}) {
  const compact = useScrolledPast(COMPACT_FILTER_BAR_SCROLL_PX);
  return (
    <>
      <div className="mt-3">
        <CategoryChips selected={selected} onSelect={onSelect} trailing={<FollowingChip />} />
      </div>
      <div
        aria-hidden={!compact}
        inert={!compact}
        className={cn(
          'fixed inset-x-0 top-14 z-30 border-b bg-card/95 backdrop-blur-md transition-all duration-200 sm:top-16',
          compact ? 'translate-y-0 opacity-100' : 'pointer-events-none -translate-y-2 opacity-0',
        )}
        data-testid="compact-chips"
      >
        <div className={PAGE_WIDTH}>
          <CategoryChips
            selected={selected}
            onSelect={onSelect}
            compact
            trailing={<FollowingChip compact />}
          />
        </div>
      </div>
    </>
  );
}

/** What the list shows (a search, a neighbourhood, a price range), with Save this search and Clear. */
export function FilterSummary({
  filters,
  canSave,
  onClear,
}: {
  filters: FeedFilters;
  canSave: boolean;
  onClear(): void;
}) {
  if (!filters.search && !filters.neighborhood && !filters.following && !hasPriceFilters(filters))
    return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl bg-primary-soft px-4 py-2.5 text-sm text-primary-soft-foreground">
      <p className="min-w-[10rem] flex-1 truncate">
        {filters.search ? (
          <>
            {t('Results for')} <strong>"{filters.search}"</strong>
          </>
        ) : filters.neighborhood ? (
          <>
            {filters.following ? `${t('People you follow')} · ` : ''}
            {t('Posts in')} <strong>{placeName(filters.neighborhood ?? '')}</strong>
          </>
        ) : filters.following && !hasPriceFilters(filters) ? (
          <strong>{t('Posts from people you follow')}</strong>
        ) : (
          <strong>{describePriceFilters(filters)}</strong>
        )}
      </p>
      <div className="ml-auto flex items-center gap-1">
        {/* A saved search alerts of new posts by anyone: not offered for the Following choice. */}
        {canSave &&
          !filters.following &&
          (filters.search || filters.neighborhood || hasPriceFilters(filters)) && (
            <SaveSearchButton filters={filters} />
          )}
        <button
          type="button"
          onClick={onClear}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 font-semibold hover:bg-black/5 dark:hover:bg-white/10"
        >
          <X aria-hidden className="size-4" />
          {t('Clear')}
        </button>
      </div>
    </div>
  );
}

/** The page's heading for screen readers: the search, the category, or the latest posts. */
export function FeedHeading({ filters }: { filters: FeedFilters }) {
  return (
    <h1 className="sr-only">
      {filters.search
        ? t('Search: {query}', { query: filters.search })
        : filters.category
          ? t(CATEGORY_CHIPS[filters.category])
          : filters.following
            ? t('Posts from people you follow')
            : t('Latest posts')}
    </h1>
  );
}
