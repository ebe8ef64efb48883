import { badRequest } from '@waco/platform';
import { z } from 'zod';

/**
 * Where the next page starts. `keyset`: after the row with this sort time and id (newest-first
 * lists), so a page costs the same however deep it is and posts arriving meanwhile never shift
 * it. `offset`: ranked searches, whose order is a per-query score rather than an index; `similar`
 * says the search matched titles by similarity (see post-lists.ts).
 * Sent to clients as opaque base64url JSON.
 */
export type FeedCursor =
  | { kind: 'keyset'; at: string; id: string }
  | { kind: 'offset'; offset: number; similar?: boolean };

const Wire = z.union([
  z.strictObject({ t: z.iso.datetime(), i: z.uuid() }),
  z.strictObject({ o: z.number().int().min(0).max(1_000_000), s: z.literal(1).optional() }),
]);

export function encodeCursor(cursor: FeedCursor): string {
  const wire =
    cursor.kind === 'keyset'
      ? { t: cursor.at, i: cursor.id }
      : { o: cursor.offset, ...(cursor.similar ? { s: 1 } : {}) };
  return Buffer.from(JSON.stringify(wire)).toString('base64url');
}

/** The cursor a client sent back; 400 when it is not one this server gave. */
export function decodeCursor(text: string): FeedCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const wire = Wire.safeParse(parsed);
  if (!wire.success) throw badRequest('cursor is not one this server gave', 'cursor');
  if ('o' in wire.data) {
    return wire.data.s
      ? { kind: 'offset', offset: wire.data.o, similar: true }
      : { kind: 'offset', offset: wire.data.o };
  }
  return { kind: 'keyset', at: wire.data.t, id: wire.data.i };
}
