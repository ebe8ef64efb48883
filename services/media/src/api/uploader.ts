import { badRequest, type HttpApp, notFound, registerEndpoint } from '@waco/platform';
import { abortUpload } from '../commands/abort-upload';
import { completeMultipart } from '../commands/complete-upload';
import type { MediaDeps } from '../commands/deps';
import { listParts, signPart } from '../commands/multipart-parts';
import { ownedUpload } from '../commands/owned-upload';
import { startMultipartUpload, startSingleUpload } from '../commands/start-upload';
import { appOrigin } from './app-origin';

/**
 * The uploader's endpoints, exactly as `@uppy/aws-s3` calls them with `endpoint: '/api/media'`
 * (spec section 7). Every one needs a signed-in user, who may only touch their own keys and
 * upload ids.
 */
export function uploaderRoutes(app: HttpApp, deps: MediaDeps) {
  registerEndpoint(app, 'uploadParams', async (req) => {
    const userId = req.userId;
    const size = req.query['metadata[size]'] ?? req.query.size;
    if (size === undefined) {
      throw badRequest('metadata[size] is required: the upload URL is signed for the file size', 'size');
    }
    const { uploadURL, objectPath } = await startSingleUpload(
      deps,
      userId,
      req.query.type,
      size,
      appOrigin(req),
    );
    return {
      method: 'PUT' as const,
      url: uploadURL,
      fields: {},
      // The browser sets Content-Length from the file itself; it must be the signed size.
      headers: { 'content-type': req.query.type },
      objectPath,
    };
  });

  registerEndpoint(app, 'createMultipart', async (req) => {
    const size = req.body.metadata?.size;
    if (size === undefined) {
      throw badRequest(
        'metadata.size is required: every part URL is signed for its share of the file size',
        'size',
      );
    }
    return startMultipartUpload(deps, req.userId, req.body.type, size);
  });

  registerEndpoint(app, 'listParts', async (req) => {
    const userId = req.userId;
    const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
    return listParts(deps, row);
  });

  registerEndpoint(app, 'signPart', async (req) => {
    const userId = req.userId;
    const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
    return signPart(deps, row, req.params.partNumber, appOrigin(req));
  });

  registerEndpoint(app, 'completeMultipart', async (req) => {
    const userId = req.userId;
    const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
    const image = await completeMultipart(deps, row, req.body.parts);
    return { ...image, location: image.objectPath, key: row.key };
  });

  registerEndpoint(app, 'abortMultipart', async (req) => {
    const userId = req.userId;
    const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
    await abortUpload(deps, row, userId);
    // The uploader parses every answer as JSON.
    return {};
  });

  // Temporary credentials would let the browser sign for itself; with long-lived keys they must
  // never reach it, and no STS-capable store is configured.
  registerEndpoint(app, 'uploadCredentials', async () => {
    throw notFound(
      'Temporary credentials are not offered: this store uses long-lived keys, which never reach a browser. ' +
        'Use s3/params (single PUT) or s3/multipart instead.',
    );
  });
}
