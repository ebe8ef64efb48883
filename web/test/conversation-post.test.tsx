// @vitest-environment jsdom

import { cleanup, render, screen, within } from '@testing-library/react';
import type { ConversationSummary } from '@waco/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationList } from '../src/features/messages/components/ConversationList';
import type { ConversationsQuery } from '../src/features/messages/hooks/conversations';
import { TestRouter } from './app-render';

afterEach(cleanup);

const id = (n: number) => `0190a8f0-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`;
const summary = (n: number, post: ConversationSummary['post']): ConversationSummary => ({
  conversationId: `${id(0)}_${id(n)}`,
  otherUserId: id(n),
  otherUser: { firstName: `Person${n}`, lastName: 'Lee', profileImageUrl: null },
  lastMessage: `Message ${n}`,
  lastMessageDate: '2025-06-01T10:00:00.000Z',
  unreadCount: 0,
  ...(post ? { post } : {}),
});

function renderList(list: ConversationSummary[]) {
  const query = { data: list, isPending: false, isError: false } as unknown as ConversationsQuery;
  render(
    <TestRouter>
      <ConversationList query={query} selected={null} onOpen={() => {}} />
    </TestRouter>,
  );
  return screen.getByTestId('conversation-list').querySelectorAll('li');
}

describe('a conversation list row', () => {
  it('shows the post it is about, its smallest photo and title, linking to it', () => {
    const [row] = renderList([
      summary(1, {
        id: id(50),
        available: true,
        title: 'Rocking chair',
        thumbnailUrl: '/objects/a.jpg?w=480',
      }),
    ]);
    const link = within(row as HTMLElement).getByRole('link', { name: 'Rocking chair' });
    expect(link.getAttribute('href')).toBe(`/post/${id(50)}`);
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/objects/a.jpg?w=480');
    // Beside the row's button, not inside it: a link in a button cannot be reached on its own.
    expect(link.closest('button')).toBeNull();
  });

  it('says "Post no longer available", with no link, for a deleted or hidden post; nothing without one', () => {
    const [gone, none] = renderList([
      summary(2, { id: id(51), available: false, title: null, thumbnailUrl: null }),
      summary(3, undefined),
    ]);
    expect(within(gone as HTMLElement).getByText('Post no longer available')).toBeTruthy();
    expect(within(gone as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(none as HTMLElement).queryByTestId('conversation-post')).toBeNull();
  });
});
