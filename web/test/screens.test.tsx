// @vitest-environment jsdom

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from '../src/features/auth/hooks/current-user';
import { PostActions } from '../src/features/post/components/PostActions';
import EditProfileDialog from '../src/features/profile/components/EditProfileDialog';
import SearchModal from '../src/features/search/components/SearchModal';
import { toastStore } from '../src/ui/toast-store';
import { renderWithApp, SIGNED_IN_USER } from './app-render';

// biome-ignore-start lint/suspicious/noDocumentCookie: the hint cookie is what is tested
const signIn = () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`;
};
const signOut = () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/`;
};
// biome-ignore-end lint/suspicious/noDocumentCookie: the hint cookie is what is tested
const me = () => Response.json(SIGNED_IN_USER);

beforeEach(signIn);
afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

// What the like, save and share buttons read of a post.
const post = { id: '0190a8f0-0000-7000-8000-0000000000aa', title: 'Red bicycle', likesCount: 0 };

describe('bugs people met on these screens', () => {
  it('5: a failed post-status fetch says "Failed to fetch post status: {status}"', async () => {
    renderWithApp(<PostActions post={post as never} ownStatus />, {
      'GET /api/user': me,
      [`GET /api/posts/${post.id}/status`]: () => new Response('down', { status: 503 }),
    });
    await waitFor(() =>
      expect(toastStore.snapshot().map((t) => t.description)).toContain('Failed to fetch post status: 503'),
    );
  });

  it('6: Edit Profile with an empty first name shows the app’s message, and sends nothing', async () => {
    const { requests } = renderWithApp(
      <EditProfileDialog user={SIGNED_IN_USER as never} open onOpenChange={() => {}} />,
      { 'GET /api/user': me },
    );
    const first = screen.getByLabelText('First name') as HTMLInputElement;
    fireEvent.input(first, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect((first.form as HTMLFormElement).noValidate).toBe(true);
    expect(requests.some((r) => r.call.startsWith('PUT '))).toBe(false);
  });

  it('7: one click on a popular tag records one favourite (the search), not two', async () => {
    const { requests } = renderWithApp(<SearchModal open onOpenChange={() => {}} />, {
      'GET /api/user': me,
      'GET /api/user/top-filters': () => Response.json([]),
      'POST /api/user/filter-usage': () => Response.json({}),
    });
    await screen.findByText('Your Favorites');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '#parttime' })));
    expect(requests.filter((r) => r.call === 'POST /api/user/filter-usage')).toEqual([]);
  });

  it('8: a guest (no signed-in hint) is answered null without asking /api/user', async () => {
    signOut();
    const fetch = vi.fn(async () => Response.json(SIGNED_IN_USER));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    signIn();
    await expect(fetchCurrentUser()).resolves.toMatchObject({ id: SIGNED_IN_USER.id });
  });

  it('8: a hint outliving its session is dropped at the first 401', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'You are not signed in' }, { status: 401 }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(document.cookie).not.toContain(`${SIGNED_IN_HINT_COOKIE}=`);
  });
});
