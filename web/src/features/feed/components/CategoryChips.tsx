import { CATEGORIES, CATEGORY_CHIPS, type Category } from '@waco/contracts';
import type { ReactNode } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

const CHIPS: { value: Category | null; label: string }[] = [
  { value: null, label: msg('All') },
  ...CATEGORIES.map((value) => ({ value, label: CATEGORY_CHIPS[value] })),
];

/** The look of a chip of the feed's row, on or off, full size or compact. */
export const chipClass = (on: boolean, compact: boolean) =>
  cn(
    'shrink-0 rounded-full border font-semibold whitespace-nowrap transition-colors',
    compact ? 'h-8 px-3 text-xs' : 'h-10 px-4 text-sm',
    on
      ? 'border-primary bg-primary text-primary-foreground shadow-sm'
      : 'border-border bg-card text-foreground hover:border-primary/50 hover:bg-muted',
  );

/**
 * All, For Sale, Jobs, Events. `compact` is the small bar that follows the scroll; `trailing`
 * ends the row (the member's Following choice).
 */
export function CategoryChips({
  selected,
  onSelect,
  compact = false,
  trailing,
}: {
  selected: Category | null;
  onSelect(category: Category | null): void;
  compact?: boolean;
  trailing?: ReactNode;
}) {
  return (
    <fieldset
      aria-label={compact ? t('Categories (compact)') : t('Categories')}
      className={cn(
        'scrollbar-none m-0 flex min-w-0 gap-2 overflow-x-auto border-0 p-0',
        compact ? 'py-2' : 'py-1',
      )}
    >
      {CHIPS.map((chip) => {
        const on = chip.value === selected;
        return (
          <button
            key={chip.label}
            type="button"
            aria-pressed={on}
            onClick={() => onSelect(chip.value)}
            className={chipClass(on, compact)}
          >
            {t(chip.label)}
          </button>
        );
      })}
      {trailing}
    </fieldset>
  );
}
