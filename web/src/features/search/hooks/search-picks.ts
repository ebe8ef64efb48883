import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATEGORIES,
  type Category,
  type FilterUsage,
  type Neighborhood,
  type SavedSearch,
  TOP_FILTERS_CACHE_MS,
  TOP_FILTERS_SEARCH_LIMIT,
} from '@waco/contracts';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { type PriceFilters, useFeedFilters } from '../../feed/filters';

type FilterType = FilterUsage['filterType'];

/** The member's most used searches and filters, read while the search is open. */
export function useSearchFavourites(open: boolean) {
  const { isSignedIn } = useCurrentUser();
  return useQuery({
    queryKey: queryKeys.topFilters(TOP_FILTERS_SEARCH_LIMIT),
    queryFn: ({ signal }) =>
      api.call('getTopFilters', { query: { limit: TOP_FILTERS_SEARCH_LIMIT }, signal }),
    enabled: open && isSignedIn,
    staleTime: TOP_FILTERS_CACHE_MS,
  });
}

/**
 * What a pick in the search does: close the search, show the feed for it, and (signed in)
 * count it among the member's favourites.
 */
export function useSearchPicks(close: () => void) {
  const { isSignedIn } = useCurrentUser();
  const { filters, search, selectCategory, selectNeighborhood, applyPrice, show } = useFeedFilters();
  const client = useQueryClient();

  // A typed search is recorded by the server with the feed's first page; the rest are recorded here.
  const record = (filterType: FilterType, filterValue: string) => {
    if (!isSignedIn) return;
    void api
      .call('recordFilterUsage', { body: { filterType, filterValue } })
      .then(() => client.invalidateQueries({ queryKey: queryKeys.allTopFilters }))
      .catch(() => {});
  };

  const runSearch = (value: string) => {
    close();
    search(value);
  };
  const apply = (filterType: FilterType, value: string) => {
    close();
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
  /** A neighbourhood, with the words typed in the search box (a search there), if any. */
  const searchIn = (neighborhood: Neighborhood, text: string) => {
    close();
    record('neighborhood', neighborhood);
    show({ search: text.trim() || undefined, neighborhood, following: filters.following });
  };
  const price = (change: PriceFilters) => {
    close();
    applyPrice(change);
  };
  const runSaved = (saved: SavedSearch) => {
    close();
    show({
      search: saved.query ?? undefined,
      category: saved.category ?? undefined,
      neighborhood: saved.neighborhood ?? undefined,
      minPrice: saved.minPrice ?? undefined,
      maxPrice: saved.maxPrice ?? undefined,
    });
  };
  return { filters, runSearch, apply, searchIn, applyPrice: price, runSaved };
}
