import { NEIGHBORHOODS } from '@waco/contracts';
import type { ChangeEvent } from 'react';
import { t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';
import { SelectField } from '../../../ui/SelectField';

/** A `<select>`'s options for every neighbourhood, by its place name. */
export function NeighborhoodOptions() {
  return NEIGHBORHOODS.map((value) => (
    <option key={value} value={value}>
      {placeName(value)}
    </option>
  ));
}

/**
 * The labelled "Neighbourhood" select of a form or a list's filters (one field, the same in each);
 * `anyOption` adds the filter's first choice, every neighbourhood (the value '').
 */
export function NeighborhoodSelect({
  value,
  onChange,
  anyOption = false,
}: {
  value: string;
  onChange(value: string): void;
  anyOption?: boolean;
}) {
  return (
    <SelectField
      label={t('Neighbourhood')}
      value={value}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value)}
    >
      {anyOption && <option value="">{t('All neighbourhoods')}</option>}
      <NeighborhoodOptions />
    </SelectField>
  );
}
