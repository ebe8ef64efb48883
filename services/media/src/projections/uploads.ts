import {
  type EventEnvelope,
  UploadAbandoned,
  UploadChecked,
  UploadRejected,
  UploadRestored,
  UploadRetired,
  UploadStarted,
  VariantsGenerated,
} from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import type { Kysely, Updateable } from 'kysely';
import type { MediaDatabase, UploadsTable } from '../db/schema';

const keyOfStream = (streamId: string) => streamId.slice('upload-'.length);

/**
 * Applies one committed event of an `upload-{key}` stream to the uploads table. Called in the
 * transaction that appends the event, and through `uploadsProjection` by the platform's rebuild.
 */
export async function applyUploadEvent(db: Kysely<MediaDatabase>, event: EventEnvelope) {
  const at = new Date(event.occurredAt);
  const version = event.streamPosition;
  /** Changes the upload's row, stamping it with the event's time and position. */
  const update = (key: string, changes: Updateable<UploadsTable>) =>
    db
      .updateTable('uploads')
      .set({ ...changes, updated_at: at, version })
      .where('key', '=', key)
      .execute();
  switch (event.type) {
    case UploadStarted.type: {
      const data = UploadStarted.schema.parse(event.data);
      await db
        .insertInto('uploads')
        .values({
          key: data.key,
          owner_id: data.ownerId,
          status: 'pending',
          declared_type: data.declaredType,
          multipart_upload_id: data.multipartUploadId,
          declared_size: data.declaredSize ?? null,
          content_type: null,
          size: null,
          width: null,
          height: null,
          etag: null,
          variants: '[]',
          variants_at: null,
          rejection: null,
          created_at: at,
          updated_at: at,
          version,
        })
        .execute();
      return;
    }
    case UploadChecked.type: {
      const { key, contentType, size, width, height, etag } = UploadChecked.schema.parse(event.data);
      await update(key, { status: 'ready', content_type: contentType, size, width, height, etag });
      return;
    }
    case UploadRejected.type: {
      const data = UploadRejected.schema.parse(event.data);
      await update(data.key, { status: 'rejected', rejection: data.message });
      return;
    }
    case UploadAbandoned.type: {
      await update(UploadAbandoned.schema.parse(event.data).key, { status: 'abandoned' });
      return;
    }
    case VariantsGenerated.type: {
      const data = VariantsGenerated.schema.parse(event.data);
      await update(data.key, { variants: JSON.stringify(data.variants), variants_at: data.done ? at : null });
      return;
    }
    case UploadRetired.type:
    case UploadRestored.type:
      await db
        .updateTable('uploads')
        .set({ status: event.type === UploadRetired.type ? 'retired' : 'ready', updated_at: at, version })
        .where('key', '=', keyOfStream(event.streamId))
        .execute();
      return;
    default:
      // MediaUploaded is for other services; UploadChecked already moved the row.
      await db
        .updateTable('uploads')
        .set({ version })
        .where('key', '=', keyOfStream(event.streamId))
        .execute();
  }
}

/** The uploads table is a projection of the `upload-{key}` streams and nothing more. */
export const uploadsProjection = defineProjection<MediaDatabase>({
  name: 'uploads',
  tables: ['uploads'],
  async apply(trx, events) {
    for (const event of events) if (event.streamId.startsWith('upload-')) await applyUploadEvent(trx, event);
  },
});
