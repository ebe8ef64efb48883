import type { CommunityEvent } from '@waco/contracts';
import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import type { OpenState } from '../../../ui/Dialog';
import { FormDialog } from '../../../ui/FormDialog';
import { useUpdateEvent } from '../hooks/events';
import { placeOf, placeRequest, WhereAndWhen } from './EventForm';

/** The organiser changes an event's time or place (its attendees are told). */
export default function EditEventDialog({ event, ...dialog }: OpenState & { event: CommunityEvent }) {
  const [place, setPlace] = useState(() => placeOf(event));
  const update = useUpdateEvent(event.id, () => dialog.onOpenChange(false));
  return (
    <FormDialog
      {...dialog}
      title={t('Change time or place')}
      onSubmit={() => update.mutate(placeRequest(place))}
      submitLabel={t('Save changes')}
      submitDisabled={update.isPending}
    >
      <WhereAndWhen value={place} onChange={setPlace} />
    </FormDialog>
  );
}
