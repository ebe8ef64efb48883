import type { Readable } from 'node:stream';
import { type ImageContentType, type ImageVariant, objectPathForKey } from '@waco/contracts';
import type { Logger } from '@waco/platform';
import type { Kysely } from 'kysely';
import { photoViewers } from '../db/photo-access';
import type { MediaDatabase } from '../db/schema';
import { findUpload } from '../db/uploads';
import { isUploadKey } from '../domain/keys';
import { chooseServedObject } from '../domain/variants';
import { type ObjectStore, StoreUnavailableError } from '../storage/object-store';
import { ByteCache } from './byte-cache';

/** Objects under these keys never change, so browsers and proxies may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The original standing in for a variant still being made: a later request gets the variant. */
export const STAND_IN = 'public, max-age=60';
/** A message's photo: kept by its viewer's browser only, never by a shared cache. */
export const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';
const PRIVATE_STAND_IN = 'private, max-age=60';

interface ServedRow {
  etag: string;
  contentType: ImageContentType;
  variants: { list: ImageVariant[]; done: boolean };
}

export type ServeResult =
  | { status: 404 }
  | {
      status: 200 | 304;
      headers: Record<string, string>;
      body?: Buffer | Readable;
    };

const MAX_CACHED_ROWS = 50_000;

/** True when an If-None-Match header names this ETag (or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Serves checked images and their variants. Finished uploads (variants made) never change, so
 * their rows and their small bodies are kept in memory; the store's ETag must still be the one
 * recorded when the bytes were checked, or nothing is served.
 */
export class ImageServer {
  private readonly rows = new Map<string, ServedRow>();
  private readonly bodies = new ByteCache<{ bytes: Buffer; etag: string }>(64 * 1024 * 1024, 1024 * 1024);

  constructor(
    private readonly db: Kysely<MediaDatabase>,
    private readonly store: ObjectStore,
    private readonly logger: Logger,
  ) {}

  private async row(key: string): Promise<ServedRow | null> {
    const cached = this.rows.get(key);
    if (cached) return cached;
    const row = await findUpload(this.db, key);
    if (row?.status !== 'ready' || !row.etag || !row.content_type) return null;
    const served: ServedRow = {
      etag: row.etag,
      contentType: row.content_type,
      variants: { list: row.variants, done: row.variants_at !== null },
    };
    if (served.variants.done) {
      if (this.rows.size >= MAX_CACHED_ROWS) this.rows.delete(this.rows.keys().next().value as string);
      this.rows.set(key, served);
    }
    return served;
  }

  /** A retired photo: its row is read again (and found retired) on the next request. */
  forget(key: string) {
    this.rows.delete(key);
  }

  /**
   * The image at `key` (a variant for `width`), for `viewerId` (null: a guest). A message's photo
   * is answered only to its conversation's two members; anyone else gets the 404 of no image.
   */
  async serve(
    key: string,
    width: number | undefined,
    ifNoneMatch: string | undefined,
    viewerId: string | null = null,
  ): Promise<ServeResult> {
    if (!isUploadKey(key)) return { status: 404 };
    const row = await this.row(key);
    if (!row) return { status: 404 };
    const viewers = await photoViewers(this.db, objectPathForKey(key));
    if (viewers && !(viewerId && viewers.has(viewerId.toLowerCase()))) return { status: 404 };
    const chosen = chooseServedObject(
      { key, etag: row.etag, contentType: row.contentType },
      row.variants,
      width,
    );
    const headers: Record<string, string> = {
      'cache-control': viewers
        ? chosen.standIn
          ? PRIVATE_STAND_IN
          : PRIVATE_IMMUTABLE
        : chosen.standIn
          ? STAND_IN
          : IMMUTABLE,
      etag: chosen.etag,
    };
    if (etagMatches(ifNoneMatch, chosen.etag)) return { status: 304, headers };
    headers['content-type'] = chosen.contentType;
    headers['x-content-type-options'] = 'nosniff';

    const cached = this.bodies.get(chosen.key);
    if (cached && cached.etag === chosen.etag) {
      headers['content-length'] = String(cached.bytes.length);
      return { status: 200, headers, body: cached.bytes };
    }
    const object = await this.store.get(chosen.key);
    if (!object) return { status: 404 };
    if (object.etag !== chosen.etag) {
      // The key was written again after its bytes were checked (a still-valid presigned URL).
      object.body.destroy();
      this.logger.warn({ key: chosen.key }, 'stored object differs from the checked one; not serving it');
      return { status: 404 };
    }
    headers['content-length'] = String(object.size);
    if (object.size > this.bodies.maxEntryBytes) return { status: 200, headers, body: object.body };
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
    } catch (err) {
      // The store's connection dropped halfway through the body.
      throw new StoreUnavailableError((err as Error).message);
    }
    const bytes = Buffer.concat(chunks);
    this.bodies.set(chosen.key, { bytes, etag: chosen.etag });
    return { status: 200, headers, body: bytes };
  }
}
