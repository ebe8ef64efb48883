// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAROUSEL_LAZY,
  CAROUSEL_TRANSITION_MS,
  ImageCarousel,
} from '../src/features/post/components/ImageCarousel';

const PATHS = ['/objects/uploads/u/a.jpg', '/objects/uploads/u/b.jpg', '/objects/uploads/u/c.jpg'];

// jsdom has no layout: give the carousel a width for the "20% of the width" rule.
function renderCarousel(onTap = vi.fn()) {
  const view = render(
    <ImageCarousel paths={PATHS} height={256} variantWidth={480} alt="Bike" onTap={onTap} />,
  );
  const track = screen.getByTestId('carousel-track');
  Object.defineProperty(track, 'clientWidth', { value: 400 });
  const root = view.container.querySelector('[data-carousel]') as HTMLElement;
  return { track, root, onTap };
}

function drag(track: HTMLElement, dx: number, pointerType: 'mouse' | 'touch') {
  fireEvent.pointerDown(track, { clientX: 200, clientY: 100, pointerId: 1, pointerType, button: 0 });
  fireEvent.pointerMove(track, { clientX: 200 + dx, clientY: 100, pointerId: 1, pointerType });
  fireEvent.pointerUp(track, { clientX: 200 + dx, clientY: 100, pointerId: 1, pointerType });
  fireEvent.click(track);
}

describe('ImageCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows "n/total", moves by swipe past the thresholds, and opens on a tap', () => {
    const { track, root, onTap } = renderCarousel();
    expect(screen.getByTestId('carousel-counter').textContent).toBe('1/3');
    drag(track, -40, 'touch'); // under 50 px on touch: stays
    expect(root.dataset.index).toBe('0');
    drag(track, -60, 'touch');
    expect(root.dataset.index).toBe('1');
    drag(track, -31, 'mouse');
    expect(root.dataset.index).toBe('2');
    expect(screen.getByTestId('carousel-counter').textContent).toBe('3/3');
    drag(track, -200, 'mouse'); // at the last image a swipe does not wrap
    expect(root.dataset.index).toBe('2');
    expect(onTap).not.toHaveBeenCalled();
    drag(track, 4, 'mouse'); // under 10 px: a tap
    expect(onTap).toHaveBeenCalledWith(2);
  });

  it('wraps with the arrows and jumps with the dots', () => {
    const { root } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(root.dataset.index).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(root.dataset.index).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(root.dataset.index).toBe('1');
  });

  it('slides with a 0.5 s transition', () => {
    const { track } = renderCarousel();
    expect(CAROUSEL_TRANSITION_MS).toBe(500);
    expect(track.style.transition).toContain('500ms');
  });

  it('loads image i after i × 100 ms, the 480 px variant, then the original on error, then "Failed to load"', () => {
    expect(CAROUSEL_LAZY).toEqual({ rootMargin: '50px', threshold: 0.1, preloadStepMs: 100 });
    const { root } = renderCarousel();
    const images = () => Array.from(root.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    act(() => vi.advanceTimersByTime(0));
    expect(images()).toEqual(['/objects/uploads/u/a.jpg?w=480']);
    act(() => vi.advanceTimersByTime(100));
    expect(images()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(100));
    expect(images()).toHaveLength(3);

    const slides = root.querySelectorAll('[aria-roledescription="slide"]');
    const first = () => slides[0]?.querySelector('img') as HTMLImageElement;
    expect(slides[0]?.getAttribute('data-state')).toBe('pending');
    fireEvent.error(first());
    expect(first().getAttribute('src')).toBe('/objects/uploads/u/a.jpg');
    fireEvent.error(first());
    expect(slides[0]?.getAttribute('data-state')).toBe('error');
    expect(slides[0]?.textContent).toContain('Failed to load');
    fireEvent.load(slides[1]?.querySelector('img') as HTMLImageElement);
    expect(slides[1]?.getAttribute('data-state')).toBe('loaded');
  });

  it('waits until it is within 50 px of the viewport (threshold 0.1)', () => {
    const observed: { options?: IntersectionObserverInit; callback?: IntersectionObserverCallback } = {};
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observed.callback = callback;
        observed.options = options;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      const { root } = renderCarousel();
      act(() => vi.advanceTimersByTime(1000));
      expect(root.querySelectorAll('img')).toHaveLength(0);
      expect(observed.options).toEqual({ rootMargin: '50px', threshold: 0.1 });
      act(() =>
        observed.callback?.(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      act(() => vi.advanceTimersByTime(0));
      expect(root.querySelectorAll('img')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
