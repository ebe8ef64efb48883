import type { CommunityEvent } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { Field } from '../../../ui/Field';
import { isoToWacoWallTime, wacoWallTimeToIso } from '../lib/waco-time';

/** Where and when as the form holds them: the place, and Waco wall times ('' for no end). */
export interface Place {
  location: string;
  start: string;
  end: string;
}

/** An event's place and times, as the form shows them. */
export const placeOf = (event: CommunityEvent): Place => ({
  location: event.location,
  start: isoToWacoWallTime(event.startDate),
  end: event.endDate ? isoToWacoWallTime(event.endDate) : '',
});

/** The form's place and times, as the API takes them (ISO instants; no end is null). */
export const placeRequest = (place: Place) => ({
  location: place.location,
  startDate: wacoWallTimeToIso(place.start),
  endDate: place.end ? wacoWallTimeToIso(place.end) : null,
});

/** Where and when: the fields that both creating and changing an event have; times in Waco. */
export function WhereAndWhen({ value, onChange }: { value: Place; onChange(next: Place): void }) {
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
