import AwsS3 from '@uppy/aws-s3';
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import {
  ALLOWED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_POST,
  objectPathFromUploadUrl,
  SNIFF_BYTES,
  sniffImageType,
  UPLOAD,
} from '@waco/contracts';
import { api, UPLOADER_BASE } from '../../../api/client';
import { messageOf } from '../../../api/http';
import { t } from '../../../i18n/i18n';
import { currentLanguage } from '../../../i18n/language';
import { uppySpanish } from '../../../i18n/uppy-es';

export type PhotoUppy = Uppy<Meta, Body>;

/** Where each uploaded file is served, by Uppy file id (filled once the server has checked it). */
export type UploadedPaths = Map<string, string>;

/** Something the person must read about the photos they chose (shown where they look: a toast). */
export interface PhotoNotice {
  title: string;
  description: string;
}

/** The uploader, and a wait for the byte checks of the photos chosen so far. */
export interface PhotoUploads {
  uppy: PhotoUppy;
  checked(): Promise<void>;
}

/** Whether a file's first bytes are a JPG, PNG or WEBP, whatever its name says (a renamed HEIC or text is not). */
export async function isPhotoFile(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) !== null;
}

/**
 * The web's one photo uploader (spec sections 2, 5, 7), for the post form and the profile photo:
 * JPG/PNG/WEBP images of 10 MB each (up to `max`, 5 for a post), no automatic start, straight
 * to the object store through the media service's upload endpoints. Each single PUT is then
 * confirmed (`completeUpload`) so that the server checks the bytes before anything may use the photo.
 */
export function createPhotoUppy(
  uploaded: UploadedPaths,
  notify: (notice: PhotoNotice) => void,
  { id = 'post-photos', max = MAX_IMAGES_PER_POST }: { id?: string; max?: number } = {},
): PhotoUploads {
  // Choosing more than `max` at once keeps the first ones (Uppy alone would refuse them all).
  let leftOut = 0;
  const tellLeftOut = () => {
    notify({
      title: t('You can only upload {max, plural, one {# file} other {# files}}', { max }),
      description: t(
        '{max, plural, one {The first one is kept} other {The first # are kept}}; {leftOut} left out.',
        { max, leftOut },
      ),
    });
    leftOut = 0;
  };
  const uppy = new Uppy<Meta, Body>({
    id,
    autoProceed: false,
    // Uppy's own texts ("Drop files here…", "My Device") in the reader's language.
    locale: currentLanguage() === 'es' ? uppySpanish : undefined,
    onBeforeFileAdded: (file, files) => {
      if (Object.hasOwn(files, file.id)) return false;
      if (Object.keys(files).length < max) return true;
      if (leftOut++ === 0) queueMicrotask(tellLeftOut);
      return false;
    },
    restrictions: {
      maxNumberOfFiles: max,
      maxFileSize: MAX_IMAGE_BYTES,
      allowedFileTypes: [...ALLOWED_IMAGE_TYPES],
    },
  });
  uppy.use(AwsS3, {
    endpoint: UPLOADER_BASE,
    // Multipart only above 100 MB: never for photos of 10 MB at most.
    shouldUseMultipart: (file: UppyFile<Meta, Body>) => (file.size ?? 0) > UPLOAD.multipartThresholdBytes,
    limit: UPLOAD.concurrency,
    retryDelays: [...UPLOAD.retryDelaysMs],
  });
  // s3/params signs the upload URL for the file's exact size: the uploader sends every meta
  // field as metadata[...], so the size goes along as metadata[size].
  // Each photo's first bytes are checked before anything is uploaded: a file that is not a
  // JPG, PNG or WEBP is taken out, with its name, instead of failing at the server.
  const checks = new Map<string, Promise<void>>();
  uppy.on('file-added', (file) => {
    uppy.setFileMeta(file.id, { size: file.size ?? undefined });
    if (!(file.data instanceof Blob)) return;
    const data = file.data;
    checks.set(
      file.id,
      isPhotoFile(data).then((ok) => {
        if (ok) return;
        uppy.removeFile(file.id);
        notify({
          title: t('Not a photo'),
          description: t('"{name}" is not a JPG, PNG or WEBP image.', { name: file.name }),
        });
      }),
    );
  });
  uppy.on('file-removed', (file) => checks.delete(file.id));
  uppy.addPostProcessor(async (fileIDs) => {
    await Promise.all(
      fileIDs.map(async (id) => {
        if (uploaded.has(id)) return;
        const file = uppy.getFile(id);
        const body = (file?.response?.body ?? {}) as { objectPath?: string; location?: string };
        const url = file?.response?.uploadURL ?? body.location ?? '';
        // A multipart completion answers the checked path itself; a single PUT is confirmed here.
        if (body.objectPath) {
          uploaded.set(id, body.objectPath);
          return;
        }
        const objectPath = objectPathFromUploadUrl(url);
        if (!objectPath) throw new Error(t('Cannot tell where the photo was stored'));
        await api.call('completeUpload', { body: { objectPath } }).catch((error: unknown) => {
          // Uppy reports the error's text: the server's reason (its check of the bytes), in the
          // reader's language, rather than the raw answer.
          throw new Error(messageOf(error));
        });
        uploaded.set(id, objectPath);
      }),
    );
  });
  return { uppy, checked: async () => void (await Promise.all(checks.values())) };
}

/**
 * One photo uploaded at once through the same uploader (the profile photo): answers its
 * `/objects/...` path, or fails with the reason (not a photo, the server's refusal).
 */
export async function uploadPhoto(file: File): Promise<string> {
  const uploaded: UploadedPaths = new Map();
  const notices: PhotoNotice[] = [];
  const { uppy, checked } = createPhotoUppy(uploaded, (told) => notices.push(told), {
    id: 'one-photo',
    max: 1,
  });
  try {
    const id = uppy.addFile({ name: file.name, type: file.type, data: file });
    await checked();
    const result = await uppy.upload();
    const path = uploaded.get(id);
    if (path) return path;
    throw new Error(result?.failed?.[0]?.error ?? notices[0]?.description ?? t('Upload failed'));
  } finally {
    uppy.destroy();
  }
}
