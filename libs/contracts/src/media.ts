import { z } from 'zod';
import { ALLOWED_IMAGE_TYPES, UPLOAD } from './constants';
import { defineEvent } from './envelope';
import { ObjectPath } from './identity';

export const ImageContentType = z.enum(ALLOWED_IMAGE_TYPES, { error: 'Only JPEG, PNG or WEBP images' });
export type ImageContentType = z.infer<typeof ImageContentType>;

/** A file's size in bytes: presigned uploads are signed for it, and the store refuses any other. */
export const FileSize = z.coerce
  .number({ error: 'size must be the file size in bytes' })
  .int('size must be a whole number of bytes')
  .positive('size must be at least 1 byte');

/**
 * `POST /api/objects/upload`: a presigned PUT for one image of the declared type and of exactly
 * `size` bytes (the URL's signature covers the length, so the store itself refuses any other).
 */
export const ObjectUploadRequest = z.strictObject({
  contentType: ImageContentType.default('image/jpeg'),
  size: FileSize,
});
export const ObjectUploadResponse = z.object({ uploadURL: z.string(), objectPath: z.string() });
export type ObjectUploadResponse = z.infer<typeof ObjectUploadResponse>;

export {
  FEED_IMAGE_WIDTH,
  IMAGE_VARIANT_WIDTHS,
  imageUrl,
  SNIFF_BYTES,
  sniffImageType,
  thumbnailUrl,
} from './images';

/** The object path of a stored key (`uploads/u/x.jpg` → `/objects/uploads/u/x.jpg`). */
export const objectPathForKey = (key: string) => `/objects/${key}`;
/** Where a member's uploads are kept: every key media makes for them starts so, and no other does. */
export const uploadKeyPrefix = (userId: string) => `uploads/${userId}/`;

const UPLOAD_KEY_IN_URL = /(uploads\/[A-Za-z0-9-]+\/[0-9a-f-]{36}\.(?:jpg|png|webp))(?:[?#]|$)/;

/**
 * The object path of a finished single-PUT upload, from the URL the bytes went to (the
 * uploader's `location`/`uploadURL`). Keys have one fixed shape, so this holds for path-style and
 * virtual-host-style store URLs alike.
 */
export function objectPathFromUploadUrl(url: string): string | null {
  const match = UPLOAD_KEY_IN_URL.exec(url);
  return match?.[1] ? objectPathForKey(match[1]) : null;
}

// The uploader's endpoints (`@uppy/aws-s3` with `endpoint: '/api/media'`), spec section 7.

/**
 * `POST s3/multipart`. The filename is never used for the key. The file's size comes as
 * `metadata.size` (the uploader sends every meta field; the web app sets `size` on file-added):
 * each part URL is signed for its exact share of it.
 */
export const CreateMultipartRequest = z.object({
  filename: z.string().max(1024).optional(),
  type: ImageContentType,
  metadata: z.looseObject({ size: FileSize.optional() }).optional(),
});
export const CreateMultipartResponse = z.object({ uploadId: z.string(), key: z.string() });

/** `?key=` of the multipart endpoints. */
export const UploadKeyQuery = z.object({
  key: z.string({ error: 'key is required' }).min(1, 'key is required'),
});

export const PartNumber = z.coerce
  .number({ error: 'partNumber must be a number' })
  .int('partNumber must be a whole number')
  .min(1, 'partNumber is at least 1')
  .max(UPLOAD.maxParts, `partNumber is at most ${UPLOAD.maxParts}`);

/** `GET s3/multipart/{uploadId}`: the parts uploaded so far. */
export const UploadedPart = z.object({
  PartNumber: z.number().int(),
  Size: z.number().int(),
  ETag: z.string(),
});
export const UploadedParts = z.array(UploadedPart);

/** `GET s3/multipart/{uploadId}/{partNumber}`: where to PUT the part. */
export const SignPartResponse = z.object({ url: z.string(), expires: z.number().int().optional() });

export const CompleteMultipartRequest = z.object({
  parts: z
    .array(z.object({ PartNumber: PartNumber, ETag: z.string().min(1).max(200) }), {
      error: 'parts must be a list of {PartNumber, ETag}',
    })
    .min(1, 'parts must not be empty')
    .max(UPLOAD.maxParts),
});

const PositiveInt = z.number().int().positive();
/** What the check of an image found: its type, size in bytes, and dimensions. */
const CheckedImage = {
  contentType: ImageContentType,
  size: PositiveInt,
  width: PositiveInt,
  height: PositiveInt,
};

/** A checked image: what `MediaUploaded` carries, and what the completing calls answer. */
export const UploadedImage = z.object({ objectPath: z.string(), ownerId: z.uuid(), ...CheckedImage });
export type UploadedImage = z.infer<typeof UploadedImage>;

/** `POST s3/multipart/{uploadId}/complete`: `location` is where the image is served. */
export const CompleteMultipartResponse = UploadedImage.extend({ location: z.string(), key: z.string() });

/**
 * `GET s3/params`: a direct upload. Only presigned PUTs are offered, so `fields` is empty. The
 * file's size comes as `metadata[size]` (the uploader sends every meta field so) or `size`.
 */
export const UploadParamsQuery = z.looseObject({
  filename: z.string().max(1024).optional(),
  type: ImageContentType,
  size: FileSize.optional(),
  'metadata[size]': FileSize.optional(),
});
export const UploadParamsResponse = z.object({
  method: z.literal('PUT'),
  url: z.string(),
  fields: z.object({}),
  headers: z.record(z.string(), z.string()),
  /** Not read by the uploader; for clients that confirm with it. */
  objectPath: z.string(),
});

/** `POST /api/media/complete`: a single-PUT upload is finished; check it and publish it. */
export const ConfirmUploadRequest = z.strictObject({ objectPath: ObjectPath });

// Events of the media service. `MediaUploaded` is the public one (posts keeps its list); the
// others rebuild the uploads table.

export const UploadStarted = defineEvent(
  'media',
  'UploadStarted',
  z.object({
    key: z.string(),
    ownerId: z.string(),
    declaredType: ImageContentType,
    /** The store's multipart upload id; null for a single presigned PUT. */
    multipartUploadId: z.string().nullable(),
    /**
     * The file size the uploader declared: the upload URL (or every part URL) is signed for it.
     * Absent on uploads started before it was recorded.
     */
    declaredSize: z.number().int().positive().optional(),
  }),
);

/** The bytes under `key` passed every rule; `etag` pins them (a later PUT to the key is refused). */
export const UploadChecked = defineEvent(
  'media',
  'UploadChecked',
  z.object({ key: z.string(), etag: z.string(), ...CheckedImage }),
);

/** Public: an image its owner may now attach to a post (posts keeps the list). */
export const MediaUploaded = defineEvent('media', 'MediaUploaded', UploadedImage);

export const UploadRule = z.enum(['type', 'size', 'image']);
export type UploadRule = z.infer<typeof UploadRule>;

export const UploadRejected = defineEvent(
  'media',
  'UploadRejected',
  z.object({ key: z.string(), ownerId: z.string(), rule: UploadRule, message: z.string() }),
);

export const UploadAbandoned = defineEvent(
  'media',
  'UploadAbandoned',
  z.object({ key: z.string(), ownerId: z.string(), reason: z.enum(['aborted', 'expired']) }),
);

export const ImageVariant = z.object({
  width: PositiveInt,
  height: PositiveInt,
  key: z.string(),
  size: PositiveInt,
  etag: z.string(),
});
export type ImageVariant = z.infer<typeof ImageVariant>;

/**
 * The variants of `key` so far. They are made one width at a time, narrowest first, each step
 * its own event, so the feed's 480 px variant of every new photo comes before any 1080 px one.
 * `tried` lists the nominal widths rendered so far (a variant no smaller than the original is
 * not kept); `done` once no more will come.
 */
export const VariantsGenerated = defineEvent(
  'media',
  'VariantsGenerated',
  z.object({
    key: z.string(),
    variants: z.array(ImageVariant),
    tried: z.array(z.number().int().positive()).default([]),
    done: z.boolean().default(true),
  }),
);

// A photo no post or profile uses any more is retired: no longer served. Used again
// (a post edited back to it), it is restored.
export const UploadRetired = defineEvent(
  'media',
  'UploadRetired',
  z.object({ key: z.string(), ownerId: z.string() }),
);
export const UploadRestored = defineEvent(
  'media',
  'UploadRestored',
  z.object({ key: z.string(), ownerId: z.string() }),
);

export const mediaEvents = [
  UploadStarted,
  UploadChecked,
  MediaUploaded,
  UploadRejected,
  UploadAbandoned,
  VariantsGenerated,
  UploadRetired,
  UploadRestored,
] as const;
