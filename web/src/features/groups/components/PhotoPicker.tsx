import { ALLOWED_IMAGE_TYPES } from '@waco/contracts';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import type { useProfilePhoto } from '../../profile/hooks/profile-photo';
import { GroupPhoto } from './GroupPhoto';

/**
 * A group's or an event's photo in its form: what was chosen, and a button that picks a file and
 * uploads it through the one photo uploader (`useProfilePhoto`). `label` names the file input.
 */
export function PhotoPicker({ photo, label }: { photo: ReturnType<typeof useProfilePhoto>; label: string }) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-4">
      <GroupPhoto path={photo.photo} className="size-20 rounded-xl" />
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        disabled={photo.uploading}
        onClick={() => fileInput.current?.click()}
      >
        <Camera aria-hidden className="size-4" />
        {photo.uploading ? t('Uploading…') : t('Add a photo')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={(e) => void photo.pick(e.target.files?.[0])}
      />
    </div>
  );
}
