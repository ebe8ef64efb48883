import type { BusinessCategory } from '@waco/contracts';
import { msg } from '../../../i18n/i18n';

/** What each business category reads as (translated where shown). */
export const CATEGORY_NAMES: Record<BusinessCategory, string> = {
  restaurant: msg('Restaurants'),
  coffee_bakery: msg('Coffee & bakeries'),
  grocery: msg('Groceries & markets'),
  auto_repair: msg('Auto repair'),
  home_repair: msg('Home repair & fences'),
  lawn_garden: msg('Lawn & garden'),
  cleaning: msg('Cleaning'),
  health: msg('Health & doctors'),
  beauty: msg('Hair & beauty'),
  fitness: msg('Fitness'),
  pets: msg('Pets & vets'),
  childcare: msg('Childcare'),
  shopping: msg('Shops'),
  professional: msg('Professional services'),
  arts_entertainment: msg('Arts & entertainment'),
  other: msg('Other'),
};
