import { CATEGORIES, CATEGORY_CHIPS, type Category, type Neighborhood } from '@waco/contracts';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { inputClass } from '../../../ui/Field';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { PriceFilter } from '../../lifecycle/components/PriceFilter';
import { NeighborhoodOptions } from '../../post/components/NeighborhoodOptions';
import { isFiltering, useFeedFilters } from '../filters';

const CATEGORY_CHOICES: { value: Category | null; label: string }[] = [
  { value: null, label: msg('All') },
  ...CATEGORIES.map((value) => ({ value, label: CATEGORY_CHIPS[value] })),
];

/** How each group of the panel is named (categories, neighbourhood, price and order). */
const GROUP_NAME = 'text-xs font-bold tracking-wide text-muted-foreground uppercase';

/**
 * The desktop's filters beside the feed (from 1280 px): category, neighbourhood, price range and
 * order, each kept in the address like the chips and the search modal's. Changing one keeps the
 * others (the chips' rule, which starts over, is for the phone's one row of choices).
 */
export default function FilterPanel() {
  const { filters, show, applyPrice, clear, toggleFollowing } = useFeedFilters();
  const { isSignedIn } = useCurrentUser();
  const choose = (change: { category?: Category; neighborhood?: Neighborhood }) =>
    show({ ...filters, ...change });
  return (
    <aside
      aria-labelledby="filter-panel-title"
      className="sticky top-20 grid max-h-[calc(100dvh-6rem)] content-start gap-5 overflow-y-auto rounded-2xl border bg-card p-4 shadow-sm"
      data-testid="filter-panel"
    >
      <h2 id="filter-panel-title" className="text-xl font-extrabold tracking-tight">
        {t('Filters')}
      </h2>
      <fieldset className="m-0 grid gap-1 border-0 p-0">
        <legend className={cn('mb-1', GROUP_NAME)}>{t('Categories')}</legend>
        {CATEGORY_CHOICES.map((choice) => {
          const on = (filters.category ?? null) === choice.value;
          return (
            <button
              key={choice.label}
              type="button"
              aria-pressed={on}
              onClick={() => choose({ category: choice.value ?? undefined })}
              className={cn(
                'flex h-10 items-center rounded-xl px-3 text-left text-sm font-semibold transition-colors',
                on ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              {t(choice.label)}
            </button>
          );
        })}
      </fieldset>
      {isSignedIn && (
        <label className="flex h-10 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-semibold hover:bg-muted">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={Boolean(filters.following)}
            onChange={toggleFollowing}
          />
          {t('Only people I follow')}
        </label>
      )}
      <label className="grid gap-1 text-sm font-medium">
        <span className={GROUP_NAME}>{t('Neighbourhood')}</span>
        <select
          className={inputClass}
          value={filters.neighborhood ?? ''}
          onChange={(e) =>
            choose({ neighborhood: (e.target.value || undefined) as Neighborhood | undefined })
          }
        >
          <option value="">{t('All neighbourhoods')}</option>
          <NeighborhoodOptions />
        </select>
      </label>
      <div className="grid gap-2">
        <h3 className={GROUP_NAME}>{t('Price & Order')}</h3>
        {/* Started again from the address whenever the filters change elsewhere. */}
        <PriceFilter
          key={`${filters.minPrice}-${filters.maxPrice}-${filters.free}-${filters.sort}`}
          filters={filters}
          onApply={applyPrice}
        />
      </div>
      {isFiltering(filters) && (
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={clear}>
          {t('Show all posts')}
        </button>
      )}
    </aside>
  );
}
