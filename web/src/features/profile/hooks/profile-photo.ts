import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';
import { uploadPhoto } from '../../uploads/api/photo-uploader';
import { fitPhotos } from '../../uploads/lib/photo-choice';

/**
 * The photo Edit Profile will save: the member's, or the one just uploaded by Change Photo through
 * the web's one photo uploader. That comes with the dialog's own (lazy) chunk: loaded lazily on its
 * own, it became a chunk that split the JSX runtime out into one more first-view file.
 */
export function useProfilePhoto(initial: string | null) {
  const [photo, setPhoto] = useState<string | null>(initial);
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file || !fitPhotos([file])) return;
    setUploading(true);
    try {
      setPhoto(await uploadPhoto(file));
      toast({ title: t('Image uploaded'), variant: 'success' });
    } catch {
      haptic('error');
      toast({ title: t('Error'), description: t('Failed to upload the photo'), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  return { photo, uploading, pick };
}
