import { ALLOWED_IMAGE_TYPES } from '@waco/contracts';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { t } from '../../../i18n/i18n';
import { Avatar } from '../../../ui/Avatar';
import { buttonClass } from '../../../ui/button';

/** The avatar as it will be saved, and Change Photo (a hidden file input behind a button). */
export function ProfilePhotoPicker({
  initial,
  seed,
  photo,
  uploading,
  onPick,
}: {
  initial: string;
  seed: string;
  photo: string | null;
  uploading: boolean;
  onPick(file: File | undefined): Promise<void>;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  // Emptied after each pick, so that choosing the same file again uploads it again.
  const pick = (file: File | undefined) =>
    void onPick(file).finally(() => {
      if (fileInput.current) fileInput.current.value = '';
    });
  return (
    <div className="flex items-center gap-4">
      <Avatar initial={initial} seed={seed} imageUrl={photo} size={72} />
      <div>
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        >
          <Camera aria-hidden className="size-4" />
          {uploading ? t('Uploading…') : t('Change Photo')}
        </button>
        <p className="mt-1 text-xs text-muted-foreground">{t('JPG, PNG or WEBP, up to 10 MB.')}</p>
        <input
          ref={fileInput}
          type="file"
          accept={ALLOWED_IMAGE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label={t('Profile photo')}
          data-testid="avatar-input"
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </div>
    </div>
  );
}
