import { CATEGORIES, CATEGORY_LABELS, type Category } from '@waco/contracts';
import { Briefcase, CalendarDays, Tag } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

const CATEGORY_ICONS = { sale: Tag, job: Briefcase, event: CalendarDays } as const;

/** The post's category as three radio cards; an edited post's category stays (the others are disabled). */
export function CategoryPicker({
  category,
  fixed,
  onChange,
}: {
  category: Category | null;
  fixed: boolean;
  onChange(category: Category): void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">
        {t('Category')} <span className="text-red-600 dark:text-red-400">*</span>
      </legend>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {CATEGORIES.map((value) => {
          const Icon = CATEGORY_ICONS[value];
          const on = category === value;
          return (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border-2 px-2 py-3 text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
                on
                  ? 'border-primary bg-primary-soft text-primary-soft-foreground'
                  : 'border-border hover:border-primary/50',
              )}
            >
              <input
                type="radio"
                name="category"
                value={value}
                checked={on}
                disabled={fixed && !on}
                onChange={() => onChange(value)}
                className="sr-only"
              />
              <Icon aria-hidden className="size-5" />
              {t(CATEGORY_LABELS[value])}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
