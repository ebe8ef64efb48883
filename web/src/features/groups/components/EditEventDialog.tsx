import type { CommunityEvent } from '@waco/contracts';
import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import { FormDialog } from '../../../ui/FormDialog';
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
  const submit = () => {
    update.mutate({
      location: place.location,
      startDate: wacoWallTimeToIso(place.start),
      endDate: place.end ? wacoWallTimeToIso(place.end) : null,
    });
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Change time or place')}
      onSubmit={submit}
      submitLabel={t('Save changes')}
      submitDisabled={update.isPending}
    >
      <WhereAndWhen value={place} onChange={setPlace} />
    </FormDialog>
  );
}
