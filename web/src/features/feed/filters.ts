import { CATEGORIES, type Category, NEIGHBORHOODS, type Neighborhood } from '@waco/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { FeedFilters } from '../../api/keys';

const isCategory = (v: string | null): v is Category => CATEGORIES.includes(v as Category);
const isNeighborhood = (v: string | null): v is Neighborhood => NEIGHBORHOODS.includes(v as Neighborhood);

/** The feed's filters, read from the address (`?category=`, `?search=`, `?neighborhood=`). */
export function filtersFrom(params: URLSearchParams): FeedFilters {
  const filters: FeedFilters = {};
  const category = params.get('category');
  const search = params.get('search')?.trim();
  const neighborhood = params.get('neighborhood');
  if (isCategory(category)) filters.category = category;
  if (search) filters.search = search;
  if (isNeighborhood(neighborhood)) filters.neighborhood = neighborhood;
  return filters;
}

export const isFiltering = (filters: FeedFilters) =>
  Boolean(filters.category || filters.search || filters.neighborhood);

const FEED_PATHS = new Set(['/', '/home']);

/**
 * Reads and changes the feed's filters. Selecting a chip clears search and filters; running a
 * search resets the chip to All (spec section 4). From another page, the change opens the feed.
 */
export function useFeedFilters() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const filters = useMemo(() => filtersFrom(params), [params]);

  const go = useCallback(
    (next: FeedFilters) => {
      const query = new URLSearchParams();
      if (next.category) query.set('category', next.category);
      if (next.search) query.set('search', next.search);
      if (next.neighborhood) query.set('neighborhood', next.neighborhood);
      const path = FEED_PATHS.has(location.pathname) ? location.pathname : '/';
      const search = query.toString();
      navigate(search ? `${path}?${search}` : path);
      window.scrollTo({ top: 0 });
    },
    [navigate, location.pathname],
  );

  return {
    filters,
    selectCategory: useCallback((category: Category | null) => go(category ? { category } : {}), [go]),
    search: useCallback((text: string) => go({ search: text.trim() || undefined }), [go]),
    selectNeighborhood: useCallback((neighborhood: Neighborhood) => go({ neighborhood }), [go]),
    clear: useCallback(() => go({}), [go]),
  };
}
