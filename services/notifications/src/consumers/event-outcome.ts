import type { EventEnvelope } from '@waco/contracts';
import { v5 as uuidv5 } from 'uuid';
import type { DueNotification } from '../db/store-notifications';
import type { StreamEntry } from '../db/stream-log';
import type { NotificationDraft } from '../domain/notification-rules';

/**
 * What one event comes to for the members' streams, decided in its batch's transaction (its
 * copies written, its facts gathered, the rules applied); the batch writes them all at its end.
 */
export interface EventOutcome {
  /** Notifications the rules decided: stored with the batch's, unless blocked or repeated. */
  notifications: DueNotification[];
  /** Entries for the streams as they are (a message, and its notification stored with it). */
  entries: StreamEntry[];
  /** Whose unread counts changed (the recipients of stored notifications need not be named). */
  unread: string[];
}

/** An event that changes nothing on anyone's stream (a copy kept up to date). */
export const NOTHING: EventOutcome = { notifications: [], entries: [], unread: [] };

/**
 * The notifications the rules decided for an event. Each has the event's id as its source when
 * it is the only one; several (or, `perRecipient`, always) each get one of their own, derived
 * from the event's and the recipient's, as `source_event_id` is unique.
 */
export function notifying(
  event: EventEnvelope,
  drafts: NotificationDraft | null | Array<NotificationDraft | null>,
  options: { perRecipient?: boolean } = {},
): EventOutcome {
  const all = (Array.isArray(drafts) ? drafts : [drafts]).filter((d): d is NotificationDraft => d !== null);
  const own = options.perRecipient || all.length > 1;
  return {
    ...NOTHING,
    notifications: all.map((draft) => ({
      draft,
      sourceId: own ? uuidv5(draft.recipientId, event.id) : event.id,
      at: event.occurredAt,
    })),
  };
}

/** Two outcomes of one event, the first's entries first. */
export function both(a: EventOutcome, b: EventOutcome): EventOutcome {
  return {
    notifications: [...a.notifications, ...b.notifications],
    entries: [...a.entries, ...b.entries],
    unread: [...a.unread, ...b.unread],
  };
}
