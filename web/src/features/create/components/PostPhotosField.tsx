import { ImagePlus, X } from 'lucide-react';
import { Suspense } from 'react';
import { t } from '../../../i18n/i18n';
import { lazyPart } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/PageSpinner';
import type { PhotoUppy } from '../../uploads/api/photo-uploader';

const PhotoUploader = lazyPart('PhotoUploader', () => import('./PhotoUploader'));

/** An edited post's own photos, each with its Remove button. */
function KeptPhotos({ kept, onRemove }: { kept: string[]; onRemove(path: string): void }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('Photos of this post')}>
      {kept.map((path, index) => (
        <li key={path} className="relative">
          <img
            src={`${path}?w=480`}
            alt={t('{n} of {count}', { n: index + 1, count: kept.length })}
            className="size-20 rounded-lg object-cover"
          />
          <button
            type="button"
            aria-label={t('Remove photo {n}', { n: index + 1 })}
            onClick={() => onRemove(path)}
            className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-card shadow ring-1 ring-border"
          >
            <X aria-hidden className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The form's Photos: those the post keeps (when editing), and the uploader for new ones. */
export function PostPhotosField({
  kept,
  onRemove,
  uppy,
}: {
  kept: string[];
  onRemove(path: string): void;
  uppy: PhotoUppy | null;
}) {
  return (
    <div className="grid gap-1.5">
      <p className="flex items-center gap-2 text-sm font-medium">
        <ImagePlus aria-hidden className="size-4" /> {t('Photos')}
      </p>
      {kept.length > 0 && <KeptPhotos kept={kept} onRemove={onRemove} />}
      <Suspense fallback={<PageSpinner />}>{uppy ? <PhotoUploader uppy={uppy} /> : <PageSpinner />}</Suspense>
    </div>
  );
}
