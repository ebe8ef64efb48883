import {
  EventAttendeeJoined,
  EventAttendeeLeft,
  EventAttendeePromoted,
  EventCancelled,
  EventChanged,
  type EventEnvelope,
  EventMemberInvited,
  EventScheduled,
  GroupMemberInvited,
} from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import { CONSUMER, type NotificationsDeps } from '../commands/deps';
import {
  attendeesOf,
  cancelCommunityEvent,
  changeCommunityEvent,
  communityEventOf,
  recordAttendee,
  recordCommunityEvent,
  scheduleReminders,
} from '../db/community-events';
import type { NotificationsDatabase } from '../db/schema';
import { nameOf } from '../db/users';
import {
  cancelledNotifications,
  changedNotifications,
  invitationNotification,
  promotedNotification,
} from '../domain/community-event-rules';
import { streamHandlers } from './batch-handler';
import { type EventOutcome, NOTHING, notifying } from './event-outcome';

const GROUPS_CONSUMER = `${CONSUMER}-groups`;

type Handler = (event: EventEnvelope, trx: Kysely<NotificationsDatabase>) => Promise<EventOutcome>;

const HANDLERS: Record<string, Handler> = {
  [EventScheduled.type]: async (event, trx) => {
    const data = EventScheduled.schema.parse(event.data);
    await recordCommunityEvent(trx, data, event.streamPosition);
    await scheduleReminders(trx, data.eventId, new Date(event.occurredAt));
    return NOTHING;
  },
  [EventChanged.type]: async (event, trx) => {
    const data = EventChanged.schema.parse(event.data);
    const before = await communityEventOf(trx, data.eventId);
    if (!before || !(await changeCommunityEvent(trx, data, event.streamPosition))) return NOTHING;
    await scheduleReminders(trx, data.eventId, new Date(event.occurredAt));
    const audience = await attendeesOf(trx, data.eventId, true);
    const after = { location: data.location, startDate: new Date(data.startDate) };
    return notifying(event, changedNotifications(before, after, data.editorId, audience), {
      perRecipient: true,
    });
  },
  [EventCancelled.type]: async (event, trx) => {
    const data = EventCancelled.schema.parse(event.data);
    const before = await communityEventOf(trx, data.eventId);
    const audience = await attendeesOf(trx, data.eventId, true);
    await cancelCommunityEvent(trx, data.eventId);
    if (!before) return NOTHING;
    return notifying(event, cancelledNotifications(before, data.cancelledBy, audience), {
      perRecipient: true,
    });
  },
  [EventAttendeeJoined.type]: async (event, trx) => {
    const data = EventAttendeeJoined.schema.parse(event.data);
    await recordAttendee(trx, data, event.streamPosition);
    return NOTHING;
  },
  [EventAttendeeLeft.type]: async (event, trx) => {
    const data = EventAttendeeLeft.schema.parse(event.data);
    await recordAttendee(trx, { ...data, status: null }, event.streamPosition);
    return NOTHING;
  },
  [EventAttendeePromoted.type]: async (event, trx) => {
    const data = EventAttendeePromoted.schema.parse(event.data);
    await recordAttendee(trx, { ...data, status: 'attending' }, event.streamPosition);
    const copy = await communityEventOf(trx, data.eventId);
    return copy ? notifying(event, promotedNotification(copy, data.userId)) : NOTHING;
  },
  [GroupMemberInvited.type]: async (event, trx) => {
    const data = GroupMemberInvited.schema.parse(event.data);
    return notifying(event, invitationNotification(data, await nameOf(trx, data.invitedBy)));
  },
  [EventMemberInvited.type]: async (event, trx) => {
    const data = EventMemberInvited.schema.parse(event.data);
    return notifying(event, invitationNotification(data, await nameOf(trx, data.invitedBy)));
  },
};

/**
 * groups' community events: the copy of each event and who signed up (for the reminders the
 * sweeper sends, reminders/reminder-sweeper.ts), its reminders scheduled or moved with its
 * start, and a notice to those signed up when its time or place changes or it is cancelled; and
 * an invitation to a group or an event, to the invitee (not from someone they blocked: the store's rule). Its
 * own durable consumer, so the inbox makes each notice once.
 */
export function communityEventsSubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: GROUPS_CONSUMER,
    producer: 'groups',
    types: Object.keys(HANDLERS),
    ...streamHandlers(deps, {
      consumer: GROUPS_CONSUMER,
      decide: (event, trx) => (HANDLERS[event.type] ?? (async () => NOTHING))(event, trx),
    }),
  };
}
