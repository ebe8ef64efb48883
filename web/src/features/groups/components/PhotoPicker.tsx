import { t } from '../../../i18n/i18n';
import { PhotoButton } from '../../../ui/PhotoButton';
import type { useProfilePhoto } from '../../profile/hooks/profile-photo';
import { GroupPhoto } from './GroupPhoto';

/** A form's photo: what is chosen (or a placeholder) and the button that uploads one. */
export function PhotoPicker({ photo, label }: { photo: ReturnType<typeof useProfilePhoto>; label: string }) {
  return (
    <div className="flex items-center gap-4">
      <GroupPhoto path={photo.photo} className="size-20 rounded-xl" />
      <PhotoButton
        label={t('Add a photo')}
        inputLabel={label}
        uploading={photo.uploading}
        onPick={(file) => void photo.pick(file)}
      />
    </div>
  );
}
