// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react';
import type { Message, Notification } from '@waco/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageList } from '../src/features/messages/components/MessageList';
import { groupNotifications } from '../src/features/notifications/grouping';
import { LinkedText } from '../src/features/post/components/LinkedText';
import { MentionedText } from '../src/features/post/components/MentionedText';
import { TestRouter } from './app-render';

afterEach(cleanup);

const POST = '0190a8f0-0000-7000-8000-0000000000aa';
const person = (n: number) => `0190a8f0-0000-7000-8000-00000000000${n}`;
let serial = 0;
const like = (actor: number, name: string, postId = POST, isRead = true): Notification => ({
  id: `0190a8f0-0000-7000-8000-0000000001${String(serial++).padStart(2, '0')}`,
  userId: person(9),
  type: 'like',
  title: `${name} liked your post`,
  message: '“Oak table”',
  relatedId: postId,
  actorId: person(actor),
  isRead,
  createdAt: '2025-06-01T10:00:00.000Z',
});

describe('grouped notifications', () => {
  it('says "Emily Carter and 3 others liked your post", newest liker first, one entry per post', () => {
    const other = '0190a8f0-0000-7000-8000-0000000000ff';
    const list = [
      like(1, 'Emily Carter', POST, false),
      like(2, 'Bob Stone'),
      {
        ...like(3, 'Ann Lee'),
        type: 'message',
        title: 'New message from Ann Lee',
        relatedId: 'x_y',
      } as Notification,
      like(3, 'Ann Lee'),
      like(2, 'Bob Stone'), // the same person again counts once
      like(4, 'Dee Roy'),
      like(5, 'Eve Moss', other),
    ];
    const groups = groupNotifications(list);
    expect(groups.map((g) => g.title)).toEqual([
      'Emily Carter and 3 others liked your post',
      'New message from Ann Lee',
      'Eve Moss liked your post',
    ]);
    expect(groups[0]?.actorIds).toEqual([person(1), person(2), person(3), person(4)]);
    expect(groups[0]?.isRead).toBe(false);
    expect(groups[0]?.all).toHaveLength(5);
    expect(groupNotifications([like(1, 'Emily Carter'), like(2, 'Bob Stone')])[0]?.title).toBe(
      'Emily Carter and 1 other liked your post',
    );
  });

  it('says "Ana Ruiz and 1 other mentioned you", a mention in a comment or in the post alike', () => {
    const mention = (actor: number, name: string, where: 'comment' | 'post'): Notification => ({
      ...like(actor, name),
      type: 'post_mention',
      title: `${name} mentioned you in a ${where}`,
    });
    const groups = groupNotifications([mention(1, 'Ana Ruiz', 'comment'), mention(2, 'Bo Li', 'post')]);
    expect(groups.map((g) => g.title)).toEqual(['Ana Ruiz and 1 other mentioned you']);
  });

  it('says "Ana Ruiz and 2 others started following you", apart from likes', () => {
    const me = person(9);
    const follow = (actor: number, name: string): Notification => ({
      ...like(actor, name),
      type: 'follow',
      title: `${name} started following you`,
      message: 'Tap to see their profile',
      relatedId: me,
    });
    const groups = groupNotifications([
      follow(1, 'Ana Ruiz'),
      like(5, 'Eve Moss'),
      follow(2, 'Bob Stone'),
      follow(3, 'Cy Hill'),
    ]);
    expect(groups.map((g) => g.title)).toEqual([
      'Ana Ruiz and 2 others started following you',
      'Eve Moss liked your post',
    ]);
  });
});

describe('hashtags in descriptions', () => {
  it("links each hashtag to its tag's page, and leaves the rest as text", () => {
    render(
      <TestRouter>
        <p data-testid="text">
          <LinkedText text={'Teak chairs #furniture, great for the #weekend! mail a#b'} />
        </p>
      </TestRouter>,
    );
    expect(screen.getByTestId('text').textContent).toBe(
      'Teak chairs #furniture, great for the #weekend! mail a#b',
    );
    expect(screen.getByRole('link', { name: '#furniture' }).getAttribute('href')).toBe('/tags/furniture');
    expect(screen.getByRole('link', { name: '#weekend' }).getAttribute('href')).toBe('/tags/weekend');
    expect(screen.queryByRole('link', { name: '#b' })).toBeNull();
  });

  it('links a mention to the profile of the person it names, whatever their name is now', () => {
    const text = 'Ask @Ana Diaz about #niños';
    render(
      <TestRouter>
        <p data-testid="text">
          <MentionedText text={text} mentions={[{ userId: person(7), start: 4, end: 13 }]} />
        </p>
      </TestRouter>,
    );
    expect(screen.getByTestId('text').textContent).toBe(text);
    expect(screen.getByRole('link', { name: '@Ana Diaz' }).getAttribute('href')).toBe(`/user/${person(7)}`);
    expect(screen.getByRole('link', { name: '#niños' }).getAttribute('href')).toBe(
      `/tags/${encodeURIComponent('niños')}`,
    );
  });
});

describe('a thread', () => {
  const me = person(1);
  const message = (i: number, from: string, isRead: boolean, at: string): Message => ({
    id: `0190a8f0-0000-7000-8000-0000000002${i}0`,
    conversationId: 'c',
    senderId: from,
    recipientId: from === me ? person(2) : me,
    content: `message ${i}`,
    isRead,
    createdAt: at,
  });

  it('gives each message its time, and "Seen" under my last message the other read', () => {
    const messages = [
      message(1, me, true, '2025-06-01T15:04:00.000Z'),
      message(2, person(2), true, '2025-06-01T15:05:00.000Z'),
      message(3, me, true, '2025-06-01T15:06:00.000Z'),
      message(4, me, false, '2025-06-01T15:07:00.000Z'),
    ];
    render(<MessageList messages={messages} me={me} name="Bob" />);
    const items = screen.getAllByTestId('message');
    expect(items.map((li) => li.querySelector('time')?.getAttribute('dateTime'))).toEqual(
      messages.map((m) => m.createdAt),
    );
    const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(items[0]?.querySelector('time')?.textContent).toBe(
      clock.format(new Date(messages[0]?.createdAt ?? '')),
    );
    expect(screen.getAllByTestId('seen')).toHaveLength(1);
    expect(items[2]?.querySelector('[data-testid="seen"]')).not.toBeNull();
  });
});
