import type { CommunityEvent } from '@waco/contracts';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { useUpdateEvent } from '../hooks/events';
import { isoToWacoWallTime, wacoWallTimeToIso } from '../lib/waco-time';
import { WhereAndWhen } from './EventForm';

/** The organiser changes an event's time or place (its attendees are told). */
export default function EditEventDialog({
  event,
  open,
  onOpenChange,
}: {
  event: CommunityEvent;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [place, setPlace] = useState({
    location: event.location,
    start: isoToWacoWallTime(event.startDate),
    end: event.endDate ? isoToWacoWallTime(event.endDate) : '',
  });
  const update = useUpdateEvent(event.id, () => onOpenChange(false));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({
      location: place.location,
      startDate: wacoWallTimeToIso(place.start),
      endDate: place.end ? wacoWallTimeToIso(place.end) : null,
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Change time or place')}>
      <form className="grid grid-cols-1 gap-4" onSubmit={submit} aria-label={t('Change time or place')}>
        <WhereAndWhen value={place} onChange={setPlace} />
        <button type="submit" className={buttonClass('primary', 'md')} disabled={update.isPending}>
          {t('Save changes')}
        </button>
      </form>
    </Dialog>
  );
}
