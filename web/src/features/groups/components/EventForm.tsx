import { t } from '../../../i18n/i18n';
import { Field } from '../../../ui/Field';

/** Where and when: the fields that both creating and changing an event have; times in Waco. */
export function WhereAndWhen({
  value,
  onChange,
}: {
  value: { location: string; start: string; end: string };
  onChange(next: { location: string; start: string; end: string }): void;
}) {
  return (
    <>
      <Field
        label={t('Location')}
        value={value.location}
        onChange={(e) => onChange({ ...value, location: e.target.value })}
        required
        maxLength={200}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label={t('Starts (Waco time)')}
          type="datetime-local"
          value={value.start}
          onChange={(e) => onChange({ ...value, start: e.target.value })}
          required
        />
        <Field
          label={t('Ends (Waco time)')}
          type="datetime-local"
          value={value.end}
          min={value.start}
          onChange={(e) => onChange({ ...value, end: e.target.value })}
        />
      </div>
    </>
  );
}
