// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveList } from '../src/features/feed/hooks/progressive-list';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => `post-${from + i}`);
const nextTask = () => act(() => vi.advanceTimersByTime(0));

describe('a feed page rendered a few cards per task', () => {
  it('shows the first cards at once, then more in each later task, and ends with the list itself', () => {
    const posts = page(0, 8);
    const { result } = renderHook(() => useProgressiveList(posts, 3));
    expect(result.current).toEqual(page(0, 3));
    nextTask();
    expect(result.current).toEqual(page(0, 6));
    nextTask();
    expect(result.current).toBe(posts); // the same array: the feed knows every card is in
    nextTask();
    expect(result.current).toBe(posts);
  });

  it('keeps the cards shown when the next page comes, and adds its cards a few at a time', () => {
    const first = page(0, 3);
    const { result, rerender } = renderHook(({ posts }) => useProgressiveList(posts, 3), {
      initialProps: { posts: first },
    });
    expect(result.current).toBe(first);
    const both = [...first, ...page(3, 5)];
    rerender({ posts: both });
    expect(result.current).toEqual(page(0, 3));
    nextTask();
    expect(result.current).toEqual(page(0, 6));
    nextTask();
    expect(result.current).toBe(both);
  });

  it("adds nothing while the list's end is far from the screen, and goes on once it comes near", () => {
    const posts = page(0, 8);
    const { result, rerender } = renderHook(({ near }) => useProgressiveList(posts, 3, 1, near), {
      initialProps: { near: true },
    });
    nextTask();
    expect(result.current).toEqual(page(0, 4));
    rerender({ near: false });
    nextTask();
    nextTask();
    expect(result.current).toEqual(page(0, 4));
    expect(vi.getTimerCount()).toBe(0);
    rerender({ near: true });
    nextTask();
    expect(result.current).toEqual(page(0, 5));
    for (let i = 0; i < 3; i++) nextTask();
    expect(result.current).toBe(posts);
  });

  it('shows a list no longer than the first cards whole, with nothing left to do', () => {
    const posts = page(0, 2);
    const { result } = renderHook(() => useProgressiveList(posts, 3));
    expect(result.current).toBe(posts);
    expect(vi.getTimerCount()).toBe(0);
  });
});
