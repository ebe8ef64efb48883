import { describe, expect, it } from 'vitest';
import { PROTECTED_ACTIONS, promptTitle, shortenAction } from '../src/lib/action-wording';

describe('sign-in prompt wording (spec sections 2 and 6)', () => {
  it('shortens the actions as the spec says', () => {
    expect(shortenAction('access your messages')).toBe('access messages');
    expect(shortenAction('view your profile')).toBe('view profile');
    expect(shortenAction('see your saved posts')).toBe('see saved posts');
    expect(shortenAction('like this post')).toBe('like this post');
  });

  it('never says "to to"', () => {
    expect(promptTitle('to save this post')).toBe('Join Waco Commons to save this post');
  });

  it('titles every protected action', () => {
    expect(Object.values(PROTECTED_ACTIONS).map(promptTitle)).toEqual([
      'Join Waco Commons to create a post',
      'Join Waco Commons to like this post',
      'Join Waco Commons to save this post',
      'Join Waco Commons to respond to this event',
      'Join Waco Commons to message the seller',
      'Join Waco Commons to message the employer',
      'Join Waco Commons to access messages',
      'Join Waco Commons to view notifications',
      'Join Waco Commons to view profile',
    ]);
  });
});
