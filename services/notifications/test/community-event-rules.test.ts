import type { Notification } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import {
  cancelledNotifications,
  changedNotifications,
  invitationNotification,
  promotedNotification,
  reminderNotification,
  remindersDue,
} from '../src/domain/community-event-rules';
import { pushMessageOf } from '../src/domain/push-message';

// The pure rules of community events' notifications: which reminders are scheduled, what a
// change says, and how a device shows them in Spanish and where it opens them.

const HOUR_MS = 3_600_000;
const ada = '0190a000-0000-7000-8000-00000000000a';
const bob = '0190a000-0000-7000-8000-00000000000b';
const eventId = '0190a000-0000-7000-8000-0000000000e1';
const event = {
  eventId,
  title: 'Trail clean-up',
  location: 'Cameron Park',
  startDate: new Date('2030-06-01T14:00:00.000Z'),
};
const stored = (draft: ReturnType<typeof reminderNotification>): Notification => ({
  ...draft,
  id: '0190a000-0000-7000-8000-000000000001',
  userId: draft.recipientId,
  isRead: false,
  createdAt: '2030-05-31T14:00:00.000Z',
});

describe('reminders', () => {
  it('are a day and an hour before, only those still ahead', () => {
    const start = event.startDate;
    expect(remindersDue(start, new Date(start.getTime() - 48 * HOUR_MS)).map((r) => r.kind)).toEqual([
      'day',
      'hour',
    ]);
    expect(remindersDue(start, new Date(start.getTime() - 3 * HOUR_MS)).map((r) => r.kind)).toEqual(['hour']);
    expect(remindersDue(start, new Date(start.getTime() - 30 * 60_000))).toEqual([]);
  });

  it("say when and where in Waco's time, and open the event, in the member's language", () => {
    const draft = reminderNotification(event, 'day', bob);
    expect(draft).toMatchObject({
      title: '“Trail clean-up” starts tomorrow',
      message: 'Starts Jun 1, 2030, 9:00 AM at Cameron Park',
    });
    expect(pushMessageOf(stored(draft), 'es')).toEqual({
      title: '“Trail clean-up” empieza mañana',
      body: 'Empieza Jun 1, 2030, 9:00 AM en Cameron Park',
      url: `/events/${eventId}`,
      tag: `event_reminder:${eventId}`,
    });
  });
});

describe('changes', () => {
  it('tell what changed to those signed up but the editor, and nothing when nothing did', () => {
    const moved = { location: 'Zoo gate', startDate: new Date('2030-06-02T14:00:00.000Z') };
    const drafts = changedNotifications(event, moved, ada, [ada, bob]);
    expect(drafts.map((d) => [d.recipientId, d.message])).toEqual([
      [bob, 'The event is now Jun 2, 2030, 9:00 AM, now at Zoo gate'],
    ]);
    expect(changedNotifications(event, event, ada, [bob])).toEqual([]);
  });

  it('a cancellation with the account deleted has the member as its own actor', () => {
    expect(cancelledNotifications(event, null, [bob])).toEqual([
      expect.objectContaining({ recipientId: bob, actorId: bob, type: 'community_event_cancelled' }),
    ]);
  });
});

describe('a place from the waitlist', () => {
  it('tells the member promoted, and opens the event, in their language', () => {
    const draft = promotedNotification(event, bob);
    expect(draft).toMatchObject({ recipientId: bob, type: 'community_event_promoted', relatedId: eventId });
    expect(pushMessageOf(stored(draft), 'es')).toEqual({
      title: '“Trail clean-up”: tienes un lugar',
      body: 'Se liberó un lugar y es tuyo: vas a ir',
      url: `/events/${eventId}`,
      tag: `community_event_promoted:${eventId}`,
    });
  });
});

describe('invitations', () => {
  it('open the notifications, where they are answered', () => {
    const draft = invitationNotification({ groupId: eventId, userId: bob, invitedBy: ada }, 'Ada Park');
    expect(pushMessageOf(stored(draft), 'es')).toMatchObject({
      title: 'Ada Park te invitó a unirte a un grupo',
      body: 'Ábrela para aceptar o rechazar',
      url: '/notifications',
    });
  });
});
