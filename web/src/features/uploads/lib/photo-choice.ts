import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';

/**
 * Whether every chosen file is a photo the uploader takes (JPG, PNG or WEBP of 10 MB at most);
 * when one is not, the person is told, and nothing is uploaded. Apart from the uploader, so that
 * its code loads only once a photo goes up.
 */
export function fitPhotos(files: readonly File[]): boolean {
  const unfit = files.some(
    (f) => !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(f.type) || f.size > MAX_IMAGE_BYTES,
  );
  if (unfit)
    toast({
      title: t('Error'),
      description: t('Choose a JPG, PNG or WEBP image of 10 MB at most.'),
      variant: 'destructive',
    });
  return !unfit;
}
