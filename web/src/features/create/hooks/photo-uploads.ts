import { useEffect, useMemo, useState } from 'react';
import { messageOf } from '../../../api/http';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { createPhotoUppy, type PhotoUploads, type UploadedPaths } from '../../uploads/api/photo-uploader';

/**
 * The post form's photos: the uploader (made and destroyed by an effect, so that a remount,
 * StrictMode's too, never reuses a dead one), null until it is made.
 */
export function usePhotoUploads() {
  const uploaded = useMemo<UploadedPaths>(() => new Map(), []);
  const [photos, setPhotos] = useState<PhotoUploads | null>(null);

  useEffect(() => {
    const made = createPhotoUppy(uploaded, (notice) => toast({ ...notice, variant: 'destructive' }));
    const instance = made.uppy;
    const onDone = (result: { successful?: unknown[] }) => {
      if ((result.successful?.length ?? 0) > 0) toast({ title: t('Image uploaded'), variant: 'success' });
    };
    instance.on('complete', onDone);
    setPhotos(made);
    return () => {
      instance.off('complete', onDone);
      instance.destroy();
    };
  }, [uploaded]);

  if (!photos) return null;
  const { uppy } = photos;
  return {
    uppy,
    /** Whether some chosen photo is not uploaded yet (after their byte checks). */
    async pending() {
      await photos.checked();
      return uppy.getFiles().some((f) => !uploaded.has(f.id));
    },
    /** Uploads the chosen photos: null when all went up, else the server's reason ('' if none). */
    upload: (): Promise<string | null> =>
      uppy.upload().then(
        (result) => (!result ? '' : (result.failed?.[0]?.error ?? null)),
        (error: unknown) => messageOf(error),
      ),
    /** Where the uploaded photos are served, in the order chosen. */
    paths: () =>
      uppy.getFiles().flatMap((f) => {
        const path = uploaded.get(f.id);
        return path ? [path] : [];
      }),
  };
}
export type PostPhotos = NonNullable<ReturnType<typeof usePhotoUploads>>;
