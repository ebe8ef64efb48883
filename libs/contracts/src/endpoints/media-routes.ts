import { serviceRoutes } from './endpoint-route';

// media's endpoints: upload sessions (as @uppy/aws-s3 calls them), and the images themselves.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: media-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const MEDIA_ROUTES = serviceRoutes('media', {
  uploadParams: { method: 'GET', path: '/api/media/s3/params', auth: 'user' },
  createMultipart: { method: 'POST', path: '/api/media/s3/multipart', auth: 'user' },
  listParts: { method: 'GET', path: '/api/media/s3/multipart/:uploadId', auth: 'user' },
  signPart: { method: 'GET', path: '/api/media/s3/multipart/:uploadId/:partNumber', auth: 'user' },
  completeMultipart: { method: 'POST', path: '/api/media/s3/multipart/:uploadId/complete', auth: 'user' },
  abortMultipart: { method: 'DELETE', path: '/api/media/s3/multipart/:uploadId', auth: 'user' },
  uploadCredentials: { method: 'GET', path: '/api/media/s3/sts', auth: 'user' },
  createObjectUpload: { method: 'POST', path: '/api/objects/upload', auth: 'user' },
  completeUpload: { method: 'POST', path: '/api/media/complete', auth: 'user' },
  getImage: { method: 'GET', path: '/objects/*', auth: 'guest-ok' },
});
