import { CATEGORIES, type Category, FEED_SORTS, NEIGHBORHOODS, type Neighborhood } from '@waco/contracts';
import { useCallback, useMemo } from 'react';
import type { FeedFilters } from '../../api/keys';
import { useLocation, useNavigate, useSearchParams } from '../../app/router';

const isCategory = (v: string | null): v is Category => CATEGORIES.includes(v as Category);
const isNeighborhood = (v: string | null): v is Neighborhood => NEIGHBORHOODS.includes(v as Neighborhood);

/**
 * The feed's filters, read from the address (`?category=`, `?search=`, `?neighborhood=`,
 * `?following=true`).
 */
export function filtersFrom(params: URLSearchParams): FeedFilters {
  const filters: FeedFilters = {};
  const category = params.get('category');
  const search = params.get('search')?.trim();
  const neighborhood = params.get('neighborhood');
  if (isCategory(category)) filters.category = category;
  if (search) filters.search = search;
  if (isNeighborhood(neighborhood)) filters.neighborhood = neighborhood;
  if (params.get('following') === 'true') filters.following = true;
  Object.assign(filters, priceFiltersFrom(params));
  return filters;
}

const price = (text: string | null) =>
  text && Number.isFinite(Number(text)) && Number(text) >= 0 ? Number(text) : undefined;
export type PriceFilters = Pick<FeedFilters, 'minPrice' | 'maxPrice' | 'free' | 'sort'>;

/** `?minPrice=`, `?maxPrice=`, `?free=true`, `?sort=`: what is not valid is left out. */
function priceFiltersFrom(params: URLSearchParams): PriceFilters {
  const found: PriceFilters = {};
  const [min, max, sort] = [price(params.get('minPrice')), price(params.get('maxPrice')), params.get('sort')];
  if (params.get('free') === 'true') found.free = true;
  else {
    if (min !== undefined) found.minPrice = min;
    if (max !== undefined) found.maxPrice = max;
  }
  if (sort && sort !== 'newest' && FEED_SORTS.includes(sort as never))
    found.sort = sort as PriceFilters['sort'];
  return found;
}

export const hasPriceFilters = (filters: FeedFilters) =>
  filters.minPrice !== undefined || filters.maxPrice !== undefined || Boolean(filters.free || filters.sort);

export const isFiltering = (filters: FeedFilters) =>
  Boolean(
    filters.category ||
      filters.search ||
      filters.neighborhood ||
      filters.following ||
      hasPriceFilters(filters),
  );

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
      if (next.following) query.set('following', 'true');
      for (const key of ['minPrice', 'maxPrice', 'free', 'sort'] as const)
        if (next[key] !== undefined) query.set(key, String(next[key]));
      const path = FEED_PATHS.has(location.pathname) ? location.pathname : '/';
      const search = query.toString();
      navigate(search ? `${path}?${search}` : path);
      window.scrollTo({ top: 0 });
    },
    [navigate, location.pathname],
  );

  return {
    filters,
    // The Following choice is whose posts, not a filter of them: a chip keeps it.
    selectCategory: useCallback(
      (category: Category | null) => go({ ...(category ? { category } : {}), following: filters.following }),
      [go, filters.following],
    ),
    /** Shows only the posts of the members one follows, or everyone's again; the rest stays. */
    toggleFollowing: useCallback(
      () => go({ ...filters, following: filters.following ? undefined : true }),
      [go, filters],
    ),
    search: useCallback((text: string) => go({ search: text.trim() || undefined }), [go]),
    selectNeighborhood: useCallback((neighborhood: Neighborhood) => go({ neighborhood }), [go]),
    clear: useCallback(() => go({}), [go]),
    /** Shows the feed with exactly these filters (a saved search). */
    show: go,
    /** Keeps the search, category and neighbourhood; sets the price range, free-only and order. */
    applyPrice: useCallback(
      (change: PriceFilters) =>
        go({
          category: filters.category,
          search: filters.search,
          neighborhood: filters.neighborhood,
          following: filters.following,
          ...change,
        }),
      [go, filters.category, filters.search, filters.neighborhood, filters.following],
    ),
  };
}
