import { NEIGHBORHOODS } from '@waco/contracts';
import { placeName } from '../../../lib/format';

/** A `<select>`'s options for every neighbourhood, by its place name. */
export function NeighborhoodOptions() {
  return NEIGHBORHOODS.map((value) => (
    <option key={value} value={value}>
      {placeName(value)}
    </option>
  ));
}
