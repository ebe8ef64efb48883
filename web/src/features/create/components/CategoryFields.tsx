import type { Category } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { Field } from '../../../ui/Field';
import type { usePostDraft } from '../hooks/post-draft';

/** The fields only one category has: a sale's price, a job's company and salary, an event's date. */
export function CategoryFields({
  category,
  bind,
}: {
  category: Category | null;
  bind: ReturnType<typeof usePostDraft>['bind'];
}) {
  if (category === 'sale')
    return <Field label={t('Price ($)')} inputMode="decimal" {...bind('price')} placeholder="0.00" />;
  if (category === 'job')
    return (
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('Company')} {...bind('company')} />
        <Field label={t('Salary')} {...bind('salary')} placeholder={t('$18/hr')} />
      </div>
    );
  if (category === 'event')
    return <Field label={t('Event date')} type="datetime-local" {...bind('eventDate')} />;
  return null;
}
