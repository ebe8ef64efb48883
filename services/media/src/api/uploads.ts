import { badRequest, type HttpApp, registerEndpoint } from '@waco/platform';
import { confirmSingleUpload } from '../commands/complete-upload';
import type { MediaDeps } from '../commands/deps';
import { ownedUpload } from '../commands/owned-upload';
import { startSingleUpload } from '../commands/start-upload';
import { keyFromObjectPath } from '../domain/keys';
import { appOrigin } from './app-origin';

/**
 * `POST /api/objects/upload` (spec section 7): a presigned PUT for one image, and
 * `POST /api/media/complete`: the client's word that the PUT is done, so the bytes are checked.
 */
export function uploadRoutes(app: HttpApp, deps: MediaDeps) {
  registerEndpoint(app, 'createObjectUpload', async (req) => {
    const userId = req.userId;
    if (!req.body)
      throw badRequest('Send {"contentType", "size"}: the upload URL is signed for the file size', 'size');
    const { uploadURL, objectPath } = await startSingleUpload(
      deps,
      userId,
      req.body.contentType,
      req.body.size,
      appOrigin(req),
    );
    return { uploadURL, objectPath };
  });

  registerEndpoint(app, 'completeUpload', async (req) => {
    const userId = req.userId;
    const key = keyFromObjectPath(req.body.objectPath);
    if (!key) throw badRequest('objectPath names no upload', 'objectPath');
    const row = await ownedUpload(deps, userId, key, null);
    return confirmSingleUpload(deps, row);
  });
}
