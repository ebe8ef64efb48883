import { type FormEvent, useState } from 'react';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { Field, TextAreaField } from '../../../ui/Field';
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Create an event')}>
      <form className="grid grid-cols-1 gap-4" onSubmit={submit} aria-label={t('Create an event')}>
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
        <button
          type="submit"
          className={buttonClass('primary', 'md')}
          disabled={create.isPending || photo.uploading}
        >
          {t('Create event')}
        </button>
      </form>
    </Dialog>
  );
}
