import { type ImageContentType, MAX_IMAGE_BYTES, type UploadRule } from '@waco/contracts';
import { sniffImageType } from './file-type';

export type UploadVerdict =
  | { ok: true; contentType: ImageContentType }
  | { ok: false; rule: UploadRule; status: 413 | 415 | 422; message: string };

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const sizeRuleMessage = (maxBytes: number) =>
  `Rule "size": an image may be at most ${megabytes(maxBytes)} (${maxBytes} bytes)`;
export const TYPE_RULE_MESSAGE =
  'Rule "type": only JPEG, PNG or WEBP images; the file\'s bytes are none of these, whatever its name says';
export const IMAGE_RULE_MESSAGE = 'Rule "image": the file starts like an image but cannot be read as one';

export type Refusal = Extract<UploadVerdict, { ok: false }>;

/** The size rule alone: it is checked from the store's HEAD before any byte is read. */
export function checkSize(size: number, maxBytes = MAX_IMAGE_BYTES): Refusal | null {
  return size > maxBytes
    ? { ok: false, rule: 'size', status: 413, message: sizeRuleMessage(maxBytes) }
    : null;
}

/**
 * The rules an uploaded file must pass, checked once its bytes are in the store: its size, and
 * its type from its first bytes (magic numbers), never from its name or declared type.
 */
export function checkUploadedFile(
  file: { size: number; head: Uint8Array },
  maxBytes = MAX_IMAGE_BYTES,
): UploadVerdict {
  const tooLarge = checkSize(file.size, maxBytes);
  if (tooLarge) return tooLarge;
  const contentType = sniffImageType(file.head);
  if (!contentType) return { ok: false, rule: 'type', status: 415, message: TYPE_RULE_MESSAGE };
  return { ok: true, contentType };
}

/** The verdict when the image library cannot read the dimensions of a file that passed the above. */
export const unreadableImage: Refusal = {
  ok: false,
  rule: 'image',
  status: 422,
  message: IMAGE_RULE_MESSAGE,
};
