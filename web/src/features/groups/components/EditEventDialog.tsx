import type { CommunityEvent } from '@waco/contracts';
import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import type { OpenState } from '../../../ui/Dialog';
import { FormDialog } from '../../../ui/FormDialog';
import { useUpdateEvent } from '../hooks/events';
import { isoToWacoWallTime, wacoWallTimeToIso } from '../lib/waco-time';
import { WhereAndWhen } from './EventForm';

/** The organiser changes an event's time or place (its attendees are told). */
export default function EditEventDialog({ event, ...dialog }: OpenState & { event: CommunityEvent }) {
  const [place, setPlace] = useState({
    location: event.location,
    start: isoToWacoWallTime(event.startDate),
    end: event.endDate ? isoToWacoWallTime(event.endDate) : '',
  });
  const update = useUpdateEvent(event.id, () => dialog.onOpenChange(false));
  const submit = () => {
    update.mutate({
      location: place.location,
      startDate: wacoWallTimeToIso(place.start),
      endDate: place.end ? wacoWallTimeToIso(place.end) : null,
    });
  };
  return (
    <FormDialog
      {...dialog}
      title={t('Change time or place')}
      onSubmit={submit}
      submitLabel={t('Save changes')}
      submitDisabled={update.isPending}
    >
      <WhereAndWhen value={place} onChange={setPlace} />
    </FormDialog>
  );
}
