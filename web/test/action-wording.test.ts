import { describe, expect, it } from 'vitest';
import { PROTECTED_ACTIONS, promptTitle, shortenAction } from '../src/lib/action-wording';

describe('sign-in prompt wording (spec sections 2 and 6)', () => {
  it.each([
    ['access your messages', 'access messages'],
    ['view your profile', 'view profile'],
    ['see your saved posts', 'see saved posts'],
    ['like this post', 'like this post'],
  ])('shortens %j to %j, as the spec says', (action, short) => {
    expect(shortenAction(action)).toBe(short);
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
      'Join Waco Commons to comment on this post',
      'Join Waco Commons to message the seller',
      'Join Waco Commons to message the employer',
      'Join Waco Commons to access messages',
      'Join Waco Commons to view notifications',
      'Join Waco Commons to view profile',
    ]);
  });
});
