import AwsS3 from '@uppy/aws-s3';
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import {
  ALLOWED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_POST,
  objectPathFromUploadUrl,
  UPLOAD,
} from '@waco/contracts';
import { api, UPLOADER_BASE } from '../../../api/client';

export type PhotoUppy = Uppy<Meta, Body>;

/** Where each uploaded file is served, by Uppy file id (filled once the server has checked it). */
export type UploadedPaths = Map<string, string>;

/**
 * The post form's uploader (spec sections 2, 5, 7): up to 5 JPG/PNG/WEBP images of 10 MB each,
 * no automatic start, straight to the object store through the media service's upload
 * endpoints. Each single PUT is then confirmed (`completeUpload`) so that the server
 * checks the bytes before the post may use the photo.
 */
export function createPhotoUppy(uploaded: UploadedPaths): PhotoUppy {
  const uppy = new Uppy<Meta, Body>({
    id: 'post-photos',
    autoProceed: false,
    restrictions: {
      maxNumberOfFiles: MAX_IMAGES_PER_POST,
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
  uppy.on('file-added', (file) => uppy.setFileMeta(file.id, { size: file.size ?? undefined }));
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
        if (!objectPath) throw new Error('Cannot tell where the photo was stored');
        await api.call('completeUpload', { body: { objectPath } });
        uploaded.set(id, objectPath);
      }),
    );
  });
  return uppy;
}
