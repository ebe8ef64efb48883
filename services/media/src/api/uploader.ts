import {
  CompleteMultipartRequest,
  CompleteMultipartResponse,
  CreateMultipartRequest,
  CreateMultipartResponse,
  PartNumber,
  SignPartResponse,
  UploadedParts,
  UploadKeyQuery,
  UploadParamsQuery,
  UploadParamsResponse,
} from '@waco/contracts';
import { badRequest, type HttpApp, notFound } from '@waco/platform';
import { z } from 'zod';
import { abortUpload } from '../commands/abort-upload';
import { completeMultipart } from '../commands/complete-upload';
import type { UploadDeps } from '../commands/deps';
import { listParts, signPart } from '../commands/multipart-parts';
import { ownedUpload } from '../commands/owned-upload';
import { startMultipartUpload, startSingleUpload } from '../commands/start-upload';
import { appOrigin } from './app-origin';
import { uploaderId } from './uploader-id';

const UploadIdParams = z.object({ uploadId: z.string().min(1).max(1024) });
const PartParams = UploadIdParams.extend({ partNumber: PartNumber });

/**
 * The uploader's endpoints, exactly as `@uppy/aws-s3` calls them with `endpoint: '/api/media'`
 * (spec section 7). Every one needs a signed-in user, who may only touch their own keys and
 * upload ids.
 */
export function uploaderRoutes(app: HttpApp, deps: UploadDeps) {
  const base = '/api/media/s3';

  app.get(
    `${base}/params`,
    { schema: { querystring: UploadParamsQuery, response: { 200: UploadParamsResponse } } },
    async (req) => {
      const userId = uploaderId(req);
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
    },
  );

  app.post(
    `${base}/multipart`,
    { schema: { body: CreateMultipartRequest, response: { 200: CreateMultipartResponse } } },
    async (req) => {
      const userId = uploaderId(req);
      const size = req.body.metadata?.size;
      if (size === undefined) {
        throw badRequest(
          'metadata.size is required: every part URL is signed for its share of the file size',
          'size',
        );
      }
      return startMultipartUpload(deps, userId, req.body.type, size);
    },
  );

  app.get(
    `${base}/multipart/:uploadId`,
    { schema: { params: UploadIdParams, querystring: UploadKeyQuery, response: { 200: UploadedParts } } },
    async (req) => {
      const userId = uploaderId(req);
      const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
      return listParts(deps, row);
    },
  );

  app.get(
    `${base}/multipart/:uploadId/:partNumber`,
    { schema: { params: PartParams, querystring: UploadKeyQuery, response: { 200: SignPartResponse } } },
    async (req) => {
      const userId = uploaderId(req);
      const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
      return signPart(deps, row, req.params.partNumber, appOrigin(req));
    },
  );

  app.post(
    `${base}/multipart/:uploadId/complete`,
    {
      schema: {
        params: UploadIdParams,
        querystring: UploadKeyQuery,
        body: CompleteMultipartRequest,
        response: { 200: CompleteMultipartResponse },
      },
    },
    async (req) => {
      const userId = uploaderId(req);
      const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
      const image = await completeMultipart(deps, row, req.body.parts);
      return { ...image, location: image.objectPath, key: row.key };
    },
  );

  app.delete(
    `${base}/multipart/:uploadId`,
    { schema: { params: UploadIdParams, querystring: UploadKeyQuery } },
    async (req) => {
      const userId = uploaderId(req);
      const row = await ownedUpload(deps, userId, req.query.key, req.params.uploadId);
      await abortUpload(deps, row, userId);
      // The uploader parses every answer as JSON.
      return {};
    },
  );

  // Temporary credentials would let the browser sign for itself; with long-lived keys they must
  // never reach it, and no STS-capable store is configured.
  app.get(`${base}/sts`, async (req) => {
    uploaderId(req);
    throw notFound(
      'Temporary credentials are not offered: this store uses long-lived keys, which never reach a browser. ' +
        'Use s3/params (single PUT) or s3/multipart instead.',
    );
  });
}
