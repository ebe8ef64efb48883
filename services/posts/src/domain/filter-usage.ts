import { type EventOf, FilterUsed } from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';

type FilterType = 'search_term' | 'tag' | 'category' | 'neighborhood';

export interface UseFilter {
  userId: string;
  filterType: FilterType;
  filterValue: string;
}

/**
 * Usage is counted per value, so "Bikes", " bikes" and "#bikes" (as a tag) count as one: values
 * are lower-cased with runs of spaces collapsed, and a tag loses its leading `#`.
 */
export function normalizeFilterValue(filterType: FilterType, value: string): string {
  const plain = value.trim().replace(/\s+/g, ' ').toLowerCase();
  return filterType === 'tag' ? plain.replace(/^#+/, '') : plain;
}

/**
 * Using a filter records one `FilterUsed`; a value that normalises to nothing ("#") is refused.
 * Counting needs no state (the projection adds the uses up), so the user's stream, which only
 * grows, is never read back.
 */
export const filterUsageDecider: Decider<UseFilter, null, EventOf<typeof FilterUsed>> = {
  events: [FilterUsed],
  initialState: null,
  evolve: () => null,
  readsHistory: false,
  decide(command) {
    const filterValue = normalizeFilterValue(command.filterType, command.filterValue);
    if (!filterValue) throw new RuleBroken('filterValue is required', { field: 'filterValue' });
    return [newEvent(FilterUsed, { userId: command.userId, filterType: command.filterType, filterValue })];
  },
};
