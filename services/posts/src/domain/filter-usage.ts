import { FilterUsed } from '@waco/contracts';
import { type NewEvent, newEvent } from '@waco/platform';
import { RuleBroken } from './rule-broken';

type FilterType = 'search_term' | 'tag' | 'category' | 'neighborhood';

/**
 * Usage is counted per value, so "Bikes", " bikes" and "#bikes" (as a tag) count as one: values
 * are lower-cased with runs of spaces collapsed, and a tag loses its leading `#`.
 */
export function normalizeFilterValue(filterType: FilterType, value: string): string {
  const plain = value.trim().replace(/\s+/g, ' ').toLowerCase();
  return filterType === 'tag' ? plain.replace(/^#+/, '') : plain;
}

/** Using a filter records one `FilterUsed`; a value that normalises to nothing ("#") is refused. */
export function decideFilterUse(command: {
  userId: string;
  filterType: FilterType;
  filterValue: string;
}): NewEvent[] {
  const filterValue = normalizeFilterValue(command.filterType, command.filterValue);
  if (!filterValue) throw new RuleBroken('filterValue is required', 'filterValue');
  return [newEvent(FilterUsed, { userId: command.userId, filterType: command.filterType, filterValue })];
}
