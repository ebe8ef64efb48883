import type { Neighborhood } from '@waco/contracts';
import { useState } from 'react';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import type { OpenState } from '../../../ui/Dialog';
import { Field, TextAreaField } from '../../../ui/Field';
import { FormDialog } from '../../../ui/FormDialog';
import { useFormFields } from '../../../ui/form-fields';
import { NeighborhoodSelect } from '../../post/components/NeighborhoodOptions';
import { useProfilePhoto } from '../../profile/hooks/profile-photo';
import { useCreateGroup } from '../hooks/groups';
import { PhotoPicker } from './PhotoPicker';

/** Create a group: name, description, photo, neighbourhood, public or private; then its page. */
export default function CreateGroupDialog(dialog: OpenState) {
  const navigate = useNavigate();
  const { fields, bind } = useFormFields({ name: '', description: '' });
  const [neighborhood, setNeighborhood] = useState('other');
  const [isPublic, setIsPublic] = useState(true);
  const photo = useProfilePhoto(null);
  const create = useCreateGroup((group) => {
    dialog.onOpenChange(false);
    navigate(`/groups/${group.id}`);
  });
  const submit = () => {
    create.mutate({
      ...fields,
      neighborhood: neighborhood as Neighborhood,
      isPublic,
      imageUrl: photo.photo,
    });
  };
  return (
    <FormDialog
      {...dialog}
      title={t('Create a group')}
      onSubmit={submit}
      submitLabel={t('Create group')}
      submitDisabled={create.isPending}
    >
      <PhotoPicker photo={photo} label={t('Group photo')} />
      <Field label={t('Name')} {...bind('name')} required minLength={3} maxLength={80} />
      <TextAreaField label={t('Description')} {...bind('description')} rows={3} maxLength={2000} />
      <NeighborhoodSelect value={neighborhood} onChange={setNeighborhood} />
      <div className="flex items-start gap-3 text-sm">
        <input
          id="group-private"
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={!isPublic}
          aria-describedby="group-private-hint"
          onChange={(e) => setIsPublic(!e.target.checked)}
        />
        <div>
          <label htmlFor="group-private" className="font-medium">
            {t('Private group')}
          </label>
          <p id="group-private-hint" className="text-muted-foreground">
            {t('Only members see its description, members and events; others ask to join.')}
          </p>
        </div>
      </div>
    </FormDialog>
  );
}
