import { type EventEnvelope, type ImageVariant, MediaUploaded, VariantsGenerated } from '@waco/contracts';
import { handleCommand, idempotentHandler, inTransaction, type Subscription } from '@waco/platform';
import sharp from 'sharp';
import type { MediaDeps } from '../commands/deps';
import type { UploadRow } from '../db/schema';
import { findUpload } from '../db/uploads';
import { keyFromObjectPath } from '../domain/keys';
import { uploadDecider, uploadStream } from '../domain/upload';
import { plannedVariantWidths, variantKey, worthKeeping } from '../domain/variants';

/** The durable consumer that makes variants; a JetStream consumer in distributed mode. */
export const VARIANTS_CONSUMER = 'media-variants';

/**
 * Renders one WebP variant `width` pixels wide. EXIF orientation is applied first, then every
 * piece of metadata (EXIF, GPS, XMP, ICC) is dropped: sharp writes none unless asked to.
 */
async function renderVariant(original: Buffer, width: number) {
  const { data, info } = await sharp(original)
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** Where a step starts from: the upload's key and what earlier steps made. */
interface StepInput {
  key: string;
  variants: ImageVariant[];
  tried: number[];
}

function stepInput(event: EventEnvelope): StepInput | null {
  if (event.type === MediaUploaded.type) {
    const key = keyFromObjectPath(MediaUploaded.schema.parse(event.data).objectPath);
    return key ? { key, variants: [], tried: [] } : null;
  }
  const data = VariantsGenerated.schema.parse(event.data);
  return data.done ? null : data;
}

/**
 * Makes an upload's WebP variants (480 and 1080 px wide), one width per event: `MediaUploaded`
 * starts with the narrowest and each `VariantsGenerated` that is not `done` triggers the next.
 * Events are handled in order, so in a burst of uploads every photo's 480 px variant (the feed's)
 * is made before any 1080 px one. Rendering and writing are idempotent (same keys, same bytes);
 * each step's record goes through the consumer inbox, in the inbox's transaction.
 */
export function variantsSubscription(deps: MediaDeps): Subscription {
  const record = (event: EventEnvelope, row: UploadRow, next: StepInput & { done: boolean }) =>
    idempotentHandler(deps.db, VARIANTS_CONSUMER, async (_event, trx) => {
      await handleCommand(
        inTransaction(deps.events, trx),
        uploadStream(row.key),
        uploadDecider,
        { type: 'record-variants', ...next },
        { causationId: event.id, correlationId: event.correlationId ?? event.id },
      );
    })(event);

  async function step(event: EventEnvelope) {
    const input = stepInput(event);
    const row = input ? await findUpload(deps.db, input.key) : undefined;
    if (!input || !row || row.status !== 'ready' || row.variants_at) return; // unknown, or done
    const original = await deps.store.getBuffer(input.key, Math.max(deps.maxImageBytes, row.size ?? 0));
    if (!original || original.etag !== row.etag) {
      // Nothing to make variants of: record that, so the row is final (and serves nothing).
      deps.logger.warn({ key: input.key }, 'original missing or changed since it was checked; no variants');
      await record(event, row, { ...input, done: true });
      return;
    }
    const planned = plannedVariantWidths(row.width ?? 0);
    const next = planned.find((p) => !input.tried.includes(p.nominal));
    if (!next) {
      await record(event, row, { ...input, done: true });
      return;
    }
    const variants = [...input.variants];
    const rendered = await renderVariant(original.bytes, next.width);
    if (worthKeeping(rendered.bytes.length, original.bytes.length)) {
      const key = variantKey(input.key, next.nominal);
      const etag = await deps.store.put(key, rendered.bytes, 'image/webp');
      variants.push({
        width: rendered.width,
        height: rendered.height,
        key,
        size: rendered.bytes.length,
        etag,
      });
    }
    const tried = [...input.tried, next.nominal];
    const done = planned.every((p) => tried.includes(p.nominal));
    await record(event, row, { key: input.key, variants, tried, done });
  }

  return {
    consumer: VARIANTS_CONSUMER,
    producer: 'media',
    types: [MediaUploaded.type, VariantsGenerated.type],
    handle: step,
  };
}
