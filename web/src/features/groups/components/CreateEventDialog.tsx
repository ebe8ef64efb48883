import { useState } from 'react';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import type { OpenState } from '../../../ui/Dialog';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { useFormFields } from '../../../ui/form-fields';
import { useProfilePhoto } from '../../profile/hooks/profile-photo';
import { useCreateEvent } from '../hooks/events';
import { placeRequest, WhereAndWhen } from './EventForm';
import { PhotoPicker } from './PhotoPicker';

/** Create an event (its photo too), on its own or in a group; then its page. */
export default function CreateEventDialog({ groupId, ...dialog }: OpenState & { groupId?: string }) {
  const navigate = useNavigate();
  const { fields, bind } = useFormFields({ title: '', description: '', capacity: '' });
  const [place, setPlace] = useState({ location: '', start: '', end: '' });
  const photo = useProfilePhoto(null);
  const create = useCreateEvent((event) => {
    dialog.onOpenChange(false);
    navigate(`/events/${event.id}`);
  });
  const submit = () => {
    create.mutate({
      title: fields.title,
      description: fields.description,
      ...placeRequest(place),
      maxAttendees: fields.capacity ? Number(fields.capacity) : null,
      groupId: groupId ?? null,
      imageUrl: photo.photo,
    });
  };
  return (
    <FormDialog
      {...dialog}
      title={t('Create an event')}
      onSubmit={submit}
      submitLabel={t('Create event')}
      submitDisabled={create.isPending || photo.uploading}
    >
      <PhotoPicker photo={photo} label={t('Event photo')} />
      <Field label={t('Title')} {...bind('title')} required minLength={3} maxLength={120} />
      <TextAreaField label={t('Description')} {...bind('description')} rows={3} maxLength={5000} />
      <WhereAndWhen value={place} onChange={setPlace} />
      <Field
        label={t('Places (leave empty for no limit)')}
        type="number"
        inputMode="numeric"
        min={1}
        max={100000}
        {...bind('capacity')}
      />
    </FormDialog>
  );
}
