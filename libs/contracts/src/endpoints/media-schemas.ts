import { z } from 'zod';
import {
  CompleteMultipartRequest,
  CompleteMultipartResponse,
  ConfirmUploadRequest,
  CreateMultipartRequest,
  CreateMultipartResponse,
  ObjectUploadRequest,
  ObjectUploadResponse,
  PartNumber,
  SignPartResponse,
  UploadedImage,
  UploadedParts,
  UploadKeyQuery,
  UploadParamsQuery,
  UploadParamsResponse,
} from '../media';
import { type EndpointSchemas, exportPartSchemas } from './endpoint-schema';

// The schemas of media-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

const UploadIdParams = z.object({ uploadId: z.string().min(1).max(1024) });
const PartParams = UploadIdParams.extend({ partNumber: PartNumber });
const ImageQuery = z.object({
  w: z.coerce
    .number({ error: 'w must be a width in pixels' })
    .int('w must be a whole number of pixels')
    .min(1, 'w must be at least 1')
    .max(10_000, 'w is at most 10000')
    .optional(),
});
/** `/objects/*`: the rest of the path is the image's key. */
const WildcardParams = z.object({ '*': z.string() });

// biome-ignore format: one endpoint a line reads as a table
export const MEDIA_SCHEMAS = {
  uploadParams: { summary: 'A presigned PUT for one photo', query: UploadParamsQuery, response: { 200: UploadParamsResponse } },
  createMultipart: { summary: 'Start a multipart upload', body: CreateMultipartRequest, response: { 200: CreateMultipartResponse } },
  listParts: { summary: 'The parts uploaded so far', params: UploadIdParams, query: UploadKeyQuery, response: { 200: UploadedParts } },
  signPart: { summary: 'A presigned PUT for one part', params: PartParams, query: UploadKeyQuery, response: { 200: SignPartResponse } },
  completeMultipart: { summary: 'Finish a multipart upload', params: UploadIdParams, query: UploadKeyQuery, body: CompleteMultipartRequest, response: { 200: CompleteMultipartResponse } },
  // The uploader parses every answer as JSON.
  abortMultipart: { summary: 'Abandon a multipart upload', params: UploadIdParams, query: UploadKeyQuery, answer: 'An empty JSON object' },
  uploadCredentials: { summary: 'Temporary credentials: never offered', answer: 'Always 404 {message}: long-lived keys never reach a browser' },
  // The URL is signed for the file's size, so the body must say it (the type defaults to JPEG).
  createObjectUpload: { summary: 'A presigned PUT for one image', body: ObjectUploadRequest.nullish(), response: { 200: ObjectUploadResponse } },
  completeUpload: { summary: 'Confirm a PUT is done, so the image is checked', body: ConfirmUploadRequest, response: { 200: UploadedImage } },
  getImage: { summary: 'An image, optionally resized (?w=)', params: WildcardParams, query: ImageQuery, answer: 'The image bytes (or 304 for a matching If-None-Match)' },
  mediaExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
