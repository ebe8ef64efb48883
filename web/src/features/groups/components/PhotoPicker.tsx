import { t } from '../../../i18n/i18n';
import { CoverPhoto } from '../../../ui/CoverPhoto';
import { PhotoButton } from '../../../ui/PhotoButton';
import type { useProfilePhoto } from '../../profile/hooks/profile-photo';

/**
 * A group's or an event's photo in its form: what was chosen, and the button that picks a file
 * and uploads it through the one photo uploader (`useProfilePhoto`). `label` names the file input.
 */
export function PhotoPicker({ photo, label }: { photo: ReturnType<typeof useProfilePhoto>; label: string }) {
  return (
    <div className="flex items-center gap-4">
      <CoverPhoto path={photo.photo} className="size-20 rounded-xl" />
      <PhotoButton
        label={t('Add a photo')}
        inputLabel={label}
        uploading={photo.uploading}
        onPick={(file) => void photo.pick(file)}
      />
    </div>
  );
}
