import { useState } from 'react';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { useProfilePhoto } from '../../profile/hooks/profile-photo';
import { useCreateEvent } from '../hooks/events';
import { wacoWallTimeToIso } from '../lib/waco-time';
import { WhereAndWhen } from './EventForm';
import { PhotoPicker } from './PhotoPicker';

/** Create an event (its photo too), on its own or in a group; then its page. */
export default function CreateEventDialog({
  open,
  onOpenChange,
  groupId,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  groupId?: string;
}) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [place, setPlace] = useState({ location: '', start: '', end: '' });
  const [capacity, setCapacity] = useState('');
  const photo = useProfilePhoto(null);
  const create = useCreateEvent((event) => {
    onOpenChange(false);
    navigate(`/events/${event.id}`);
  });
  const submit = () => {
    create.mutate({
      title,
      description,
      location: place.location,
      startDate: wacoWallTimeToIso(place.start),
      endDate: place.end ? wacoWallTimeToIso(place.end) : null,
      maxAttendees: capacity ? Number(capacity) : null,
      groupId: groupId ?? null,
      imageUrl: photo.photo,
    });
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('Create an event')}
      onSubmit={submit}
      submitLabel={t('Create event')}
      submitDisabled={create.isPending || photo.uploading}
    >
      <PhotoPicker photo={photo} label={t('Event photo')} />
      <Field
        label={t('Title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        minLength={3}
        maxLength={120}
      />
      <TextAreaField
        label={t('Description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        rows={3}
        maxLength={5000}
      />
      <WhereAndWhen value={place} onChange={setPlace} />
      <Field
        label={t('Places (leave empty for no limit)')}
        type="number"
        inputMode="numeric"
        min={1}
        max={100000}
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
      />
    </FormDialog>
  );
}
