import { parseLastEventId, sseEvent } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  attendanceNotification,
  displayName,
  likeNotification,
  messageNotification,
  type NotificationDraft,
} from '../src/domain/notification-rules';

const owner = '0190a000-0000-7000-8000-00000000000a';
const fan = '0190a000-0000-7000-8000-00000000000b';
const post = {
  postId: '0190a000-0000-7000-8000-0000000000ff',
  ownerId: owner,
  category: 'event' as const,
};
const title = { title: 'Trail run' };

/**
 * Notifications' rules are not a decider: notifications appends no events and keeps no stream
 * of its own, and each rule is a pure function of an event it heard and the facts its consumer
 * gathered (names, titles). As a decider they have no history (`given([])` always), the command
 * is a rule applied to what was heard, and each notification it decides is answered as a
 * `NotificationDecided` event, so that `deciderSpecification` reads them given/when/then.
 */
const rules = deciderSpecification({
  // No history is ever read, so no event is parsed: no definitions.
  events: [],
  initialState: null,
  evolve: (state: null) => state,
  decide: (heard: () => NotificationDraft | null) => {
    const draft = heard();
    return draft ? [decided(draft)] : [];
  },
});
const decided = (draft: NotificationDraft) => ({
  type: 'NotificationDecided',
  schemaVersion: 1,
  data: draft,
});

describe('notification rules', () => {
  it('a like tells the owner, keyed for repeats; a like of one’s own post tells nobody', () => {
    rules
      .given([])
      .when(() => likeNotification({ ...post, userId: fan }, 'Ada Lovelace', title))
      .then([
        decided({
          recipientId: owner,
          type: 'like',
          title: 'Ada Lovelace liked your post',
          message: '“Trail run”',
          relatedId: post.postId,
          actorId: fan,
          repeatKey: { kind: 'like', postId: post.postId },
        }),
      ]);
    rules
      .given([])
      .when(() => likeNotification({ ...post, userId: owner }, 'Owner', title))
      .thenNothingHappens();
    // The event carries no title: without notifications' copy of it, the post is "Your post".
    rules
      .given([])
      .when(() => likeNotification({ ...post, userId: fan }, 'Ada', {}))
      .then(([like]) => expect(like?.data).toMatchObject({ message: 'Your post' }));
  });

  it('a response to an event says who and how; none for one’s own event or no change', () => {
    rules
      .given([])
      .when(() =>
        attendanceNotification(
          { ...post, userId: fan, status: 'going', previousStatus: 'interested' },
          'Ada Lovelace',
          title,
        ),
      )
      .then(([going]) => {
        expect(going?.data).toMatchObject({
          title: 'Ada Lovelace is going to your event',
          type: 'interested',
        });
      });
    rules
      .given([])
      .when(() =>
        attendanceNotification(
          { ...post, userId: fan, status: 'interested', previousStatus: null },
          'Ada',
          title,
        ),
      )
      .then(([interested]) => {
        expect(interested?.data).toMatchObject({
          title: 'Ada is interested in your event',
          repeatKey: { kind: 'attendance:interested', postId: post.postId },
        });
      });
    rules
      .given([])
      .when(() =>
        attendanceNotification({ ...post, userId: owner, status: 'going', previousStatus: null }, 'x', title),
      )
      .thenNothingHappens();
    rules
      .given([])
      .when(() =>
        attendanceNotification(
          { ...post, userId: fan, status: 'going', previousStatus: 'going' },
          'x',
          title,
        ),
      )
      .thenNothingHappens();
  });

  it('a message tells its recipient, related to the conversation', () => {
    const data = {
      messageId: post.postId,
      conversationId: `${owner}_${fan}`,
      senderId: fan,
      recipientId: owner,
      content: 'Hello there',
      excerpt: 'Hello there',
      sentAt: '2030-01-01T00:00:00.000Z',
    };
    rules
      .given([])
      .when(() => messageNotification(data, 'Bob Baylor'))
      .then(([message]) => {
        expect(message?.data).toMatchObject({
          recipientId: owner,
          type: 'message',
          title: 'Bob Baylor sent you a message',
          message: 'Hello there',
          relatedId: `${owner}_${fan}`,
        });
      });
  });

  it('names people by first and last name, or "Someone"', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: ' Ada ', lastName: null })).toBe('Ada');
    expect(displayName(undefined)).toBe('Someone');
    expect(displayName({ firstName: '', lastName: ' ' })).toBe('Someone');
  });
});

describe('server-sent events', () => {
  it('are an id, a name and one line of JSON', () => {
    expect(sseEvent(7, 'unread', { notifications: 1, messages: 0 })).toBe(
      'id: 7\nevent: unread\ndata: {"notifications":1,"messages":0}\n\n',
    );
    expect(sseEvent(8, 'message', { content: 'two\nlines' })).toBe(
      'id: 8\nevent: message\ndata: {"content":"two\\nlines"}\n\n',
    );
  });

  it('resume from a Last-Event-ID that is a number, and from nothing otherwise', () => {
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId(' 0 ')).toBe(0);
    expect(parseLastEventId(undefined)).toBeNull();
    expect(parseLastEventId('abc')).toBeNull();
    expect(parseLastEventId('-1')).toBeNull();
    expect(parseLastEventId('1'.repeat(30))).toBeNull();
  });
});
