import { MESSAGE_PHOTOS_MAX } from '@waco/contracts';
import { useState } from 'react';
import { messageOf } from '../../../api/http';
import { t } from '../../../i18n/i18n';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';
import { fitPhotos } from '../../uploads/lib/photo-choice';

/**
 * The photos attached to the message being written: each uploaded at once through the web's one
 * photo uploader (its size, type and byte checks; the server strips their metadata), up to four.
 * The uploader's code loads only when a photo is chosen.
 */
export function useMessagePhotos() {
  const [paths, setPaths] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);

  const add = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, MESSAGE_PHOTOS_MAX - paths.length);
    if (chosen.length === 0 || !fitPhotos(chosen)) return;
    setUploading(true);
    try {
      const { uploadPhoto } = await import('../../uploads/api/photo-uploader');
      for (const file of chosen) {
        const path = await uploadPhoto(file);
        setPaths((now) => [...now, path].slice(0, MESSAGE_PHOTOS_MAX));
      }
    } catch (error) {
      haptic('error');
      toast({
        title: t('Failed to upload the photo'),
        description: messageOf(error),
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  };

  return {
    paths,
    uploading,
    add,
    remove: (path: string) => setPaths((now) => now.filter((p) => p !== path)),
    clear: () => setPaths([]),
  };
}
