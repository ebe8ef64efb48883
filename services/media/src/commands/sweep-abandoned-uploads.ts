import { handleCommand } from '@waco/platform';
import { stalePendingUploads } from '../db/uploads';
import { INCOMING_PREFIX } from '../domain/keys';
import { uploadDecider, uploadStream } from '../domain/upload';
import type { MediaDeps } from './deps';

const SWEEP_BATCH = 500;

/**
 * Cleans up after uploads started more than `olderThanMs` ago and never finished (their URLs
 * have expired), however many there are: every stale pending upload is recorded as abandoned,
 * batch after batch until none is left, then every uploaded-but-unchecked object under
 * `incoming/` that old is deleted, 1000 to a request (DeleteObjects), and stale multipart uploads
 * are aborted where the store can do that. The uploaded bytes of finished uploads are deleted
 * at completion; any left behind (a crash in between, a second PUT to a still-valid URL) go too.
 */
export async function sweepAbandonedUploads(deps: MediaDeps, olderThanMs: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - olderThanMs);
  let abandoned = 0;
  const seen = new Set<string>();
  for (;;) {
    const stale = await stalePendingUploads(deps.db, cutoff, SWEEP_BATCH);
    for (const row of stale) {
      await handleCommand(
        deps.events,
        uploadStream(row.key),
        uploadDecider,
        { type: 'abandon', key: row.key, ownerId: row.owner_id, reason: 'expired' },
        { actorId: row.owner_id },
      );
    }
    abandoned += stale.length;
    // A row still pending after its turn (it should not be) must not keep the sweep going.
    const progressed = stale.some((row) => !seen.has(row.key));
    for (const row of stale) seen.add(row.key);
    if (stale.length < SWEEP_BATCH || !progressed) break;
  }
  let deleted = 0;
  for await (const keys of deps.store.listOlderThan(INCOMING_PREFIX, cutoff)) {
    await deps.store.deleteMany(keys);
    deleted += keys.length;
  }
  await deps.store.abortMultipartUploadsOlderThan(INCOMING_PREFIX, cutoff);
  return { abandoned, deleted };
}
