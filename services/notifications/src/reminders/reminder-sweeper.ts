import { type PeriodicRound, startPeriodicRound } from '@waco/platform';
import { v5 as uuidv5 } from 'uuid';
import type { NotificationsDeps } from '../commands/deps';
import { sendCommitted, writeOutcomes } from '../consumers/batch-handler';
import {
  attendeesOf,
  claimDueReminders,
  communityEventOf,
  forgetPastReminders,
} from '../db/community-events';
import type { DueNotification } from '../db/store-notifications';
import { StreamCursors } from '../db/stream-log';
import { reminderNotification } from '../domain/community-event-rules';

/** How many reminders one transaction claims; the round goes on until none is due. */
const CLAIM = 20;

/** `runDue` sends every reminder due now; answers how many notifications went out. */
export type ReminderSweeper = PeriodicRound<number>;

/**
 * Every `everyMs`, the community events' reminders that are due (db/community-events.ts keeps
 * them from groups' events): each transaction claims a few rows (`FOR UPDATE SKIP LOCKED`, so
 * replicas take different ones and never wait on each other) and writes their notifications and
 * stream entries in the same transaction, the push path's (`writeOutcomes`); once committed they
 * go to open streams and devices. A claim and its notifications commit together or not at all:
 * across a restart or with any number of replicas, each attendee gets each reminder once. The
 * clock is the service's `now`, so tests choose the hour.
 */
export function startReminderSweeper(
  deps: NotificationsDeps & { now(): Date; everyMs: number },
): ReminderSweeper {
  /** One claim: answers how many reminders it took (0: none left) and the notifications sent. */
  async function claimSome(now: Date): Promise<{ claimed: number; sent: number }> {
    const { claimed, pushes, sent } = await deps.db.transaction().execute(async (trx) => {
      const reminders = await claimDueReminders(trx, now, CLAIM);
      const due: DueNotification[] = [];
      for (const reminder of reminders) {
        const event = await communityEventOf(trx, reminder.eventId);
        // Cancelled, moved since (its new start has its own rows), or already begun: nothing.
        if (!event || event.startDate.getTime() !== reminder.startDate.getTime() || event.startDate <= now)
          continue;
        for (const userId of await attendeesOf(trx, reminder.eventId, false))
          due.push({
            draft: reminderNotification(event, reminder.kind, userId),
            sourceId: uuidv5(
              `${userId}|${reminder.kind}|${reminder.startDate.toISOString()}`,
              reminder.eventId,
            ),
            at: now.toISOString(),
          });
      }
      const outcome = { notifications: due, entries: [], unread: [] };
      const pushes = await writeOutcomes(trx, new StreamCursors(trx), [outcome], deps.mailTiming);
      return { claimed: reminders.length, pushes, sent: due.length };
    });
    await sendCommitted(deps, null, pushes);
    return { claimed, sent };
  }

  return startPeriodicRound(deps, 'event reminders could not be sent; will retry', async () => {
    const now = deps.now();
    let sent = 0;
    for (;;) {
      const claim = await claimSome(now);
      sent += claim.sent;
      if (claim.claimed < CLAIM) break;
    }
    await forgetPastReminders(deps.db, now);
    return sent;
  });
}
