import type { EventEnvelope } from '@waco/contracts';
import type { Kysely } from 'kysely';
import { v5 as uuidv5 } from 'uuid';
import { moderation } from '../db/moderation';
import { claimRepeatKey, claimRepeatKeys, insertNotifications, repeatKeyOf } from '../db/notifications';
import type { NotificationsDatabase } from '../db/schema';
import { type StreamPush, StreamWriter } from '../db/stream-log';
import type { NotificationDraft } from '../domain/notification-rules';

/** A notification an event made, waiting to be stored with the others of its batch. */
interface Due {
  draft: NotificationDraft;
  /** The event's id when it made one notification; one of its own per recipient when several. */
  sourceId: string;
  at: string;
}

/**
 * Stores the notifications an event made (one, or one per recipient), each unless it repeats
 * one given within the window or its recipient blocked whoever caused it, and pushes them with
 * the new unread counts to the recipients' live streams.
 *
 * In a batch (a shared StreamWriter) they are held and stored with those of the batch's next
 * events, a few statements for all of them, before any other effect pushes (so pushes keep the
 * order of the events) or at the batch's end.
 */
export async function notify(
  trx: Kysely<NotificationsDatabase>,
  drafts: NotificationDraft | null | NotificationDraft[],
  event: EventEnvelope,
): Promise<StreamPush[]> {
  const all = drafts === null ? [] : Array.isArray(drafts) ? drafts : [drafts];
  if (all.length === 0) return [];
  const due = all.map((draft) => ({
    draft,
    // `source_event_id` is unique: an event telling several people gives each theirs.
    sourceId: all.length === 1 ? event.id : uuidv5(draft.recipientId, event.id),
    at: event.occurredAt,
  }));
  const batch = StreamWriter.batchOf(trx);
  if (batch) {
    heldFor(trx, batch).push(...due);
    return [];
  }
  const stream = await StreamWriter.open(
    trx,
    all.map((d) => d.recipientId),
  );
  await store(trx, stream, due);
  return stream.close();
}

/** What each batch's writer holds for notify, until it stores it. */
const heldByWriter = new WeakMap<StreamWriter, Due[]>();

function heldFor(trx: Kysely<NotificationsDatabase>, writer: StreamWriter): Due[] {
  const held = heldByWriter.get(writer);
  if (held) return held;
  const list: Due[] = [];
  heldByWriter.set(writer, list);
  writer.hold(async () => {
    heldByWriter.delete(writer);
    const stream = await StreamWriter.open(
      trx,
      list.map((d) => d.draft.recipientId),
    );
    await store(trx, stream, list);
  });
  return list;
}

/** Stores the notifications due (in order) and pushes them and their recipients' unread counts. */
async function store(trx: Kysely<NotificationsDatabase>, stream: StreamWriter, due: Due[]) {
  // Nothing reaches a member from someone they blocked (notifications' copy of moderation's).
  const blocked = await moderation.blockedPairs(
    trx,
    due.map(({ draft }) => [draft.recipientId, draft.actorId]),
  );
  const allowed = due.filter(({ draft }) => !blocked.has(`${draft.recipientId}|${draft.actorId}`));
  // Each repeat key's first claim in one statement; a key met again here is claimed after it.
  const firsts = new Map<string, Due>();
  for (const d of allowed) {
    const key = repeatKeyOf(d.draft);
    if (key && !firsts.has(key)) firsts.set(key, d);
  }
  const claimed = await claimRepeatKeys(
    trx,
    [...firsts.values()].map(({ draft, at }) => ({ draft, at })),
  );
  const kept: Due[] = [];
  for (const d of allowed) {
    const key = repeatKeyOf(d.draft);
    const isNew =
      key === undefined ||
      (firsts.get(key) === d ? claimed.has(key) : await claimRepeatKey(trx, d.draft, d.at));
    if (isNew) kept.push(d);
  }
  const notifications = await insertNotifications(
    trx,
    kept.map(({ draft, sourceId, at }) => ({ draft, source: { eventId: sourceId, createdAt: at } })),
  );
  notifications.forEach((notification, i) => {
    stream.push((kept[i] as Due).draft.recipientId, 'notification', notification);
  });
  if (kept.length > 0) await stream.pushUnread(...new Set(kept.map((d) => d.draft.recipientId)));
}
