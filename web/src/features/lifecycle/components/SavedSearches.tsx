import type { SavedSearch } from '@waco/contracts';
import { BellPlus, BellRing, X } from 'lucide-react';
import type { FeedFilters } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { formatPrice, placeName, titleCaseWords } from '../../../lib/format';
import { buttonClass } from '../../../ui/button';
import { useRemoveSavedSearch, useSavedSearches, useSaveSearch } from '../hooks/lifecycle';

/** What a saved search looks for, in a few words: "lamp · Sale · up to $50". */
export function describeSearch(
  search: Pick<SavedSearch, 'query' | 'category' | 'neighborhood' | 'minPrice' | 'maxPrice'>,
) {
  const price =
    search.minPrice !== null && search.maxPrice !== null
      ? `${formatPrice(search.minPrice)}–${formatPrice(search.maxPrice)}`
      : search.maxPrice !== null
        ? t('up to {price}', { price: formatPrice(search.maxPrice) })
        : search.minPrice !== null
          ? t('from {price}', { price: formatPrice(search.minPrice) })
          : null;
  return [
    search.query && `“${search.query}”`,
    search.category && titleCaseWords(search.category),
    search.neighborhood && placeName(search.neighborhood),
    price,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The price part of the feed's filters, for the results bar: "Free stuff", "$10–$50", "Sorted by price". */
export function describePriceFilters(filters: FeedFilters): string {
  if (filters.free) return t('Free stuff');
  const range = describeSearch({
    query: null,
    category: null,
    neighborhood: null,
    minPrice: filters.minPrice ?? null,
    maxPrice: filters.maxPrice ?? null,
  });
  return range || t('Sorted by price');
}

/** "Save this search" on search results: new matching posts notify the member. */
export function SaveSearchButton({ filters }: { filters: FeedFilters }) {
  const save = useSaveSearch();
  return (
    <button
      type="button"
      className={buttonClass('outline', 'sm', 'shrink-0 rounded-full')}
      disabled={save.isPending || save.isSuccess}
      onClick={() =>
        save.mutate({
          query: filters.search,
          category: filters.category,
          neighborhood: filters.neighborhood,
          minPrice: filters.free ? 0 : filters.minPrice,
          maxPrice: filters.free ? 0 : filters.maxPrice,
        })
      }
    >
      {save.isSuccess ? (
        <BellRing aria-hidden className="size-4" />
      ) : (
        <BellPlus aria-hidden className="size-4" />
      )}
      {save.isSuccess ? t('Search saved') : t('Save this search')}
    </button>
  );
}

/** The member's saved searches: run one, or remove it. */
export function SavedSearchList({ onRun }: { onRun(search: SavedSearch): void }) {
  const saved = useSavedSearches(true);
  const remove = useRemoveSavedSearch();
  if (!saved.data) return null;
  if (saved.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {t('Save a search from its results to hear about new matches.')}
      </p>
    );
  return (
    <ul className="grid w-full gap-2" aria-label={t('Saved searches')}>
      {saved.data.map((search) => (
        <li key={search.id} className="flex items-center gap-2 rounded-xl border bg-card pl-3.5">
          <button
            type="button"
            className="min-w-0 flex-1 truncate py-2 text-left text-sm font-medium"
            onClick={() => onRun(search)}
          >
            {describeSearch(search)}
          </button>
          <button
            type="button"
            aria-label={t('Remove saved search {search}', { search: describeSearch(search) })}
            className="grid size-9 place-items-center rounded-full text-muted-foreground hover:bg-muted"
            onClick={() => remove.mutate(search.id)}
          >
            <X aria-hidden className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
