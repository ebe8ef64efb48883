import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ObjectUploadResponse } from '@waco/contracts';
import { SEED_IMAGES_DIR } from './images';
import type { SeedClient } from './seed-client';

/**
 * Uploads one shipped photo as the user would (spec section 7): ask media for a presigned URL,
 * PUT the bytes there, then tell media the upload is done so that it checks the bytes and
 * publishes `MediaUploaded`. Resolves to the object path a post's `imagePaths` takes.
 * Throws, naming the missing piece, when the upload endpoint is not there.
 */
export async function uploadSeedPhoto(client: SeedClient, cookie: string, name: string): Promise<string> {
  const bytes = await readFile(join(SEED_IMAGES_DIR, `${name}.jpg`));
  const started = await client.request('POST', '/api/objects/upload', {
    cookie,
    json: { contentType: 'image/jpeg', size: bytes.length },
  });
  if (started.status === 404) {
    throw new Error(
      'seed: POST /api/objects/upload is missing (the media service has not shipped it); seed with { photos: false }',
    );
  }
  if (started.status !== 200) {
    throw new Error(
      `seed: POST /api/objects/upload answered ${started.status}: ${JSON.stringify(started.body)}`,
    );
  }
  const { uploadURL, objectPath } = ObjectUploadResponse.parse(started.body);
  const put = await fetch(new URL(uploadURL, client.gatewayUrl), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`seed: PUT of ${name}.jpg to the object store answered ${put.status}`);
  const done = await client.request('POST', '/api/media/complete', { cookie, json: { objectPath } });
  // A media service without the confirmation step learns of the upload otherwise.
  if (done.status !== 200 && done.status !== 404) {
    throw new Error(`seed: POST /api/media/complete answered ${done.status}: ${JSON.stringify(done.body)}`);
  }
  return objectPath;
}
