import { FEED_SORTS } from '@waco/contracts';
import { type FormEvent, useState } from 'react';
import type { FeedFilters } from '../../../api/keys';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { inputClass } from '../../../ui/Field';

export type FeedSort = (typeof FEED_SORTS)[number];
const SORT_LABELS: Record<FeedSort, string> = {
  newest: msg('Newest first'),
  price_asc: msg('Price: low to high'),
  price_desc: msg('Price: high to low'),
};

const bound = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/** Price range, free items only, and the order of the results, for the search modal. */
export function PriceFilter({
  filters,
  onApply,
}: {
  filters: FeedFilters;
  onApply(change: Pick<FeedFilters, 'minPrice' | 'maxPrice' | 'free' | 'sort'>): void;
}) {
  const [min, setMin] = useState(filters.minPrice?.toString() ?? '');
  const [max, setMax] = useState(filters.maxPrice?.toString() ?? '');
  const [free, setFree] = useState(Boolean(filters.free));
  const [sort, setSort] = useState<FeedSort>(filters.sort ?? 'newest');
  const minPrice = bound(min);
  const maxPrice = bound(max);
  const backwards = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
  const bounds = [
    { label: t('Min price ($)'), value: min, set: setMin, placeholder: '0' },
    { label: t('Max price ($)'), value: max, set: setMax, placeholder: t('Any') },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (backwards) return;
    onApply(free ? { free: true, sort } : { minPrice, maxPrice, sort });
  };
  return (
    <form onSubmit={submit} className="@container grid w-full gap-3" aria-label={t('Price and order')}>
      {/* Side by side where there is room (the search modal); stacked in the desktop's side panel,
          where two fields side by side would cut their placeholders ("Cualquiera"). */}
      <div className="grid grid-cols-1 items-end gap-2 @[18rem]:grid-cols-2">
        {bounds.map(({ label, value, set, placeholder }) => (
          <label key={label} className="grid gap-1 text-sm font-medium">
            {label}
            <input
              className={inputClass}
              inputMode="decimal"
              value={value}
              disabled={free}
              onChange={(e) => set(e.target.value)}
              placeholder={placeholder}
            />
          </label>
        ))}
      </div>
      {backwards && (
        <p className="text-sm text-red-600 dark:text-red-400">{t('The minimum is above the maximum.')}</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={free}
            onChange={(e) => setFree(e.target.checked)}
            className="size-4 accent-[var(--color-primary)]"
          />
          {t('Free stuff only')}
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          {t('Sort')}
          <select
            className={`${inputClass} h-9 w-auto py-0`}
            value={sort}
            onChange={(e) => setSort(e.target.value as FeedSort)}
          >
            {FEED_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABELS[value])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="submit" className={buttonClass('secondary', 'md')} disabled={backwards}>
        {t('Show results')}
      </button>
    </form>
  );
}
