import { t } from '../../../i18n/i18n';
import { Avatar } from '../../../ui/Avatar';
import { PhotoButton } from '../../../ui/PhotoButton';

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
  return (
    <div className="flex items-center gap-4">
      <Avatar initial={initial} seed={seed} imageUrl={photo} size={72} />
      <div>
        <PhotoButton
          label={t('Change Photo')}
          inputLabel={t('Profile photo')}
          testId="avatar-input"
          uploading={uploading}
          // Emptied after each pick, so that choosing the same file again uploads it again.
          onPick={(file, input) =>
            void onPick(file).finally(() => {
              input.value = '';
            })
          }
        />
        <p className="mt-1 text-xs text-muted-foreground">{t('JPG, PNG or WEBP, up to 10 MB.')}</p>
      </div>
    </div>
  );
}
