import { toEach, whenFormat } from './lifecycle-rules';
import { invitedTitle, type NotificationDraft, quoted } from './notification-rules';

/** The reminders before a community event starts, and how long before. */
export const EVENT_REMINDERS = { day: 24 * 3_600_000, hour: 3_600_000 } as const;
export type ReminderKind = keyof typeof EVENT_REMINDERS;

/** A community event as notifications' copy holds it (groups' events). */
export interface CommunityEventCopy {
  eventId: string;
  title: string;
  location: string;
  startDate: Date;
}

/**
 * The reminders worth scheduling for an event starting at `start`, decided at `at`: one a day
 * before and one an hour before, each only while still ahead (an event made or moved to start in
 * three hours gets the hour's reminder only; its change notice told the rest).
 */
export function remindersDue(start: Date, at: Date): Array<{ kind: ReminderKind; dueAt: Date }> {
  return (Object.entries(EVENT_REMINDERS) as Array<[ReminderKind, number]>)
    .map(([kind, before]) => ({ kind, dueAt: new Date(start.getTime() - before) }))
    .filter(({ dueAt }) => dueAt > at);
}

/** A reminder to one member signed up for an event (the member is their own actor: nobody acted). */
export function reminderNotification(
  event: CommunityEventCopy,
  kind: ReminderKind,
  recipientId: string,
): NotificationDraft {
  return {
    recipientId,
    type: 'event_reminder',
    title:
      kind === 'day' ? `${quoted(event.title)} starts tomorrow` : `${quoted(event.title)} starts in an hour`,
    message: `Starts ${whenFormat.format(event.startDate)} at ${event.location}`,
    relatedId: event.eventId,
    actorId: recipientId,
  };
}

/**
 * A new time or place tells those signed up (attending or waitlisted) what changed, in the words
 * of a post event's change; nothing when neither did (the same time and place stated again).
 */
export function changedNotifications(
  before: CommunityEventCopy,
  after: { location: string; startDate: Date },
  editorId: string,
  audience: string[],
): NotificationDraft[] {
  const news: string[] = [];
  if (after.startDate.getTime() !== before.startDate.getTime())
    news.push(`now ${whenFormat.format(after.startDate)}`);
  if (after.location !== before.location) news.push(`now at ${after.location}`);
  if (news.length === 0) return [];
  return toEach(audience, editorId, {
    type: 'community_event_changed',
    title: `${quoted(before.title)} changed`,
    message: `The event is ${news.join(', ')}`,
    relatedId: before.eventId,
    actorId: editorId,
  });
}

/** A cancelled event tells those signed up; by the organiser, or (null) with their deleted account. */
export function cancelledNotifications(
  event: CommunityEventCopy,
  cancelledBy: string | null,
  audience: string[],
): NotificationDraft[] {
  return toEach(audience, cancelledBy, {
    type: 'community_event_cancelled',
    title: `${quoted(event.title)} was cancelled`,
    message: 'An event you signed up for was cancelled',
    relatedId: event.eventId,
    actorId: cancelledBy ?? '',
  }).map((draft) => (cancelledBy ? draft : { ...draft, actorId: draft.recipientId }));
}

/** The first of the waitlist took a place that freed up: they are told (and their open page updates). */
export function promotedNotification(event: CommunityEventCopy, userId: string): NotificationDraft {
  return {
    recipientId: userId,
    type: 'community_event_promoted',
    title: `${quoted(event.title)}: you have a place`,
    message: 'A place freed up and it is yours: you are going',
    relatedId: event.eventId,
    actorId: userId,
  };
}

/** An invitation to a group or an event reaches the invitee, who accepts or declines it on its page. */
export function invitationNotification(
  invitation: { userId: string; invitedBy: string } & ({ groupId: string } | { eventId: string }),
  inviterName: string,
): NotificationDraft {
  const to = 'groupId' in invitation ? ('group' as const) : ('event' as const);
  return {
    recipientId: invitation.userId,
    type: to === 'group' ? 'group_invitation' : 'event_invitation',
    title: invitedTitle(inviterName, to),
    message: 'Open it to accept or decline',
    relatedId: 'groupId' in invitation ? invitation.groupId : invitation.eventId,
    actorId: invitation.invitedBy,
  };
}
