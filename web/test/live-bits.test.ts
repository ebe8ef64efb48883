import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/api/http';
import { targetOf } from '../src/features/notifications/components/NotificationItem';
import { updateFailedText } from '../src/features/profile/hooks/save-profile';
import { withTitleCount } from '../src/lib/page-meta';

describe('the unread count in the tab title', () => {
  it('goes in front while there is one, and replaces an older one', () => {
    expect(withTitleCount('Messages | Waco Commons', 3)).toBe('(3) Messages | Waco Commons');
    expect(withTitleCount('(3) Messages | Waco Commons', 4)).toBe('(4) Messages | Waco Commons');
    expect(withTitleCount('(3) Messages | Waco Commons', 0)).toBe('Messages | Waco Commons');
    expect(withTitleCount('Feed', 150)).toBe('(99+) Feed');
  });
});

describe('where a notification leads', () => {
  it("opens the conversation of a message, a new follower's profile, else the post", () => {
    expect(targetOf({ type: 'message', relatedId: 'a_b' })).toBe('/messages?conversation=a_b');
    expect(targetOf({ type: 'like', relatedId: 'p1' })).toBe('/?post=p1');
    expect(targetOf({ type: 'interested', relatedId: 'p2' })).toBe('/?post=p2');
    expect(targetOf({ type: 'like', relatedId: null })).toBeNull();
    expect(targetOf({ type: 'follow', relatedId: 'me', actorId: 'fan' })).toBe('/user/fan');
  });
});

describe('"Update Failed" text', () => {
  it("is the server's message, else the spec's sentence", () => {
    expect(updateFailedText(new HttpError(400, '{"message":"First name is required"}', 'Bad Request'))).toBe(
      'First name is required',
    );
    expect(updateFailedText(new HttpError(500, '', 'Internal Server Error'))).toBe(
      'Failed to update profile',
    );
    expect(updateFailedText(new Error('offline'))).toBe('Failed to update profile');
  });
});
