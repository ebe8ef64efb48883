import { BUSINESS_CATEGORIES } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { CATEGORY_NAMES } from '../lib/categories';

/** A `<select>`'s options for every business category, by its name. */
export function CategoryOptions() {
  return BUSINESS_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {t(CATEGORY_NAMES[category])}
    </option>
  ));
}
