import { describe, expect, it } from 'vitest';
import { filtersFrom, hasPriceFilters, isFiltering } from '../src/features/feed/filters';

describe('the feed’s price filters in the address', () => {
  it('reads a price range, free-only and the order', () => {
    const filters = filtersFrom(new URLSearchParams('search=lamp&minPrice=10&maxPrice=50.5&sort=price_asc'));
    expect(filters).toEqual({ search: 'lamp', minPrice: 10, maxPrice: 50.5, sort: 'price_asc' });
    expect(hasPriceFilters(filters)).toBe(true);
    // Free-only wins over a range.
    expect(filtersFrom(new URLSearchParams('free=true&minPrice=5'))).toEqual({ free: true });
  });

  it('leaves out what is not valid, and newest first (the default)', () => {
    const filters = filtersFrom(new URLSearchParams('minPrice=abc&maxPrice=-1&sort=oldest&free=yes'));
    expect(filters).toEqual({});
    expect(filtersFrom(new URLSearchParams('sort=newest'))).toEqual({});
    expect(isFiltering({})).toBe(false);
    expect(isFiltering({ maxPrice: 20 })).toBe(true);
  });
});
