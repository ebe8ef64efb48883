import type { ImageContentType, ImageVariant } from '@waco/contracts';
import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type UploadStatus = 'pending' | 'ready' | 'rejected' | 'abandoned' | 'retired';

/**
 * One row per upload key: a projection of the `upload-{key}` streams (see projections/uploads.ts).
 * `version` is the stream position the row reflects, the expected version of the next append.
 */
export interface UploadsTable {
  key: string;
  owner_id: string;
  status: UploadStatus;
  declared_type: ImageContentType;
  /** The store's multipart upload id; null for a single presigned PUT. */
  multipart_upload_id: string | null;
  /** The file size the uploader declared (upload URLs are signed for it); null on older uploads. */
  declared_size: number | null;
  /** From the bytes (magic numbers), once checked. */
  content_type: ImageContentType | null;
  size: number | null;
  width: number | null;
  height: number | null;
  /** The store's ETag of the checked bytes: serving refuses anything else under this key. */
  etag: string | null;
  variants: Json<ImageVariant[]>;
  /** Set once the variant worker is done; from then on the row never changes. */
  variants_at: Timestamp | null;
  rejection: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

/** Who uses a photo: `post:{id}` or `profile:{userId}` (copies of posts' and identity's events). */
export interface PhotoUsesTable {
  object_path: string;
  used_by: string;
}

export interface MediaDatabase {
  uploads: UploadsTable;
  photo_uses: PhotoUsesTable;
}

export type UploadRow = Selectable<UploadsTable>;
