import { randomUUID } from 'node:crypto';
import { type ImageContentType, objectPathForKey, uploadKeyPrefix } from '@waco/contracts';

const EXTENSIONS: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;
const UPLOAD_KEY =
  /^uploads\/([A-Za-z0-9-]{1,64})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/**
 * A new object key, made by the server and never from the file's name:
 * `uploads/{userId}/{uuid}.{ext}`, the extension from the declared type.
 */
export function newUploadKey(userId: string, contentType: ImageContentType, uuid = randomUUID()): string {
  if (!USER_ID.test(userId)) throw new Error(`Not a user id: ${userId}`);
  return `${uploadKeyPrefix(userId)}${uuid}.${EXTENSIONS[contentType]}`;
}

export { objectPathForKey };

/** The key under `/objects/`, or null when the path names no upload. */
export function keyFromObjectPath(objectPath: string): string | null {
  const key = objectPath.startsWith('/objects/') ? objectPath.slice('/objects/'.length) : objectPath;
  return isUploadKey(key) ? key : null;
}

export const isUploadKey = (key: string) => UPLOAD_KEY.test(key);

/**
 * Where an upload's bytes are sent before they are checked: a private prefix that `/objects/*`
 * never serves (it serves `uploads/...` only). At completion the checked, metadata-free
 * rendition is written under the upload's own key and these bytes are deleted.
 */
export const INCOMING_PREFIX = 'incoming/';
export const incomingKey = (key: string) => `${INCOMING_PREFIX}${key}`;

export type KeyAccess = { ok: true } | { ok: false; status: 400 | 403; message: string };

/**
 * May this user touch this key? A key with `..` is refused before anything else; then it must
 * have the shape the server gives keys, under the user's own prefix.
 */
export function checkKeyAccess(key: string, userId: string): KeyAccess {
  if (key.includes('..')) return { ok: false, status: 400, message: "A key may not contain '..'" };
  const match = UPLOAD_KEY.exec(key);
  if (!match)
    return { ok: false, status: 400, message: 'Not an upload key: keys look like uploads/{user}/{id}.{ext}' };
  if (match[1] !== userId) return { ok: false, status: 403, message: 'This upload belongs to another user' };
  return { ok: true };
}
