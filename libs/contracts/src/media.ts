import { z } from 'zod';
import { ALLOWED_IMAGE_TYPES } from './constants';

export const ImageContentType = z.enum(ALLOWED_IMAGE_TYPES, { error: 'Only JPEG, PNG or WEBP images' });
export const ObjectUploadRequest = z.strictObject({ contentType: ImageContentType.default('image/jpeg') });
export const ObjectUploadResponse = z.object({ uploadURL: z.string(), objectPath: z.string() });
