// Bundled for the browser by browser.test.ts: the real uploader, as the web app drives it.
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import { objectPathFromUploadUrl } from '@waco/contracts';

interface UploadRequest {
  fixture: string;
  name: string;
  type: string;
  multipart: boolean;
}

async function upload({ fixture, name, type, multipart }: UploadRequest) {
  const data = await (await fetch(`/fixtures/${fixture}`)).blob();
  const uppy = new Uppy({ autoProceed: false, restrictions: { maxNumberOfFiles: 1 } });
  uppy.use(AwsS3, { endpoint: '/api/media', shouldUseMultipart: () => multipart });
  // As the web app does (web/src/features/create/api/photo-uploader.ts): the size goes along as metadata[size].
  uppy.on('file-added', (file) => uppy.setFileMeta(file.id, { size: file.size ?? undefined }));
  uppy.addFile({ name, type, data });
  const result = await uppy.upload();
  const failed = (result?.failed ?? []).map((f) => String(f.error));
  const file = result?.successful?.[0];
  if (!file) return { failed };
  const body = (file.response?.body ?? {}) as { objectPath?: string };
  const uploadURL = file.response?.uploadURL ?? '';
  // Multipart's completion already checked the file; a single PUT is confirmed here.
  let objectPath = body.objectPath ?? null;
  let confirmed: unknown = body;
  if (!multipart) {
    objectPath = objectPathFromUploadUrl(uploadURL);
    const res = await fetch('/api/media/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ objectPath }),
    });
    confirmed = { status: res.status, ...(await res.json()) };
  }
  return { failed, uploadURL, objectPath, confirmed, sent: data.size };
}

(window as unknown as { upload: typeof upload }).upload = upload;
