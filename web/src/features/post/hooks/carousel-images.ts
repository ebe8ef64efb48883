import { type RefObject, useEffect, useState } from 'react';

/** Spec section 2: images load within 50 px of the viewport, threshold 0.1, 100 ms apart per index. */
export const CAROUSEL_LAZY = { rootMargin: '50px', threshold: 0.1, preloadStepMs: 100 } as const;

export type ImageState = 'pending' | 'loaded' | 'error';

const setAt = <T>(list: T[], i: number, value: T) => list.map((v, j) => (j === i ? value : v));

/**
 * Each photo's loading: nothing is fetched until the carousel is near the viewport, then photo
 * i may load after i × 100 ms (`ready`); a variant that fails falls back to the original upload
 * (`fallback`), and that failing too is an error. A `priority` carousel's first photo (the first
 * card's, the page's largest paint) loads at once: it is in the server's HTML.
 */
export function useCarouselImages(root: RefObject<HTMLElement | null>, paths: string[], priority = false) {
  const [visible, setVisible] = useState(false);
  const [ready, setReady] = useState<boolean[]>(() => paths.map((_, i) => priority && i === 0));
  const [states, setStates] = useState<ImageState[]>(() => paths.map(() => 'pending'));
  const [fallback, setFallback] = useState<boolean[]>(() => paths.map(() => false));

  // Lazy: nothing is fetched until the carousel is within 50 px of the viewport.
  useEffect(() => {
    const node = root.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: CAROUSEL_LAZY.rootMargin, threshold: CAROUSEL_LAZY.threshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [root]);

  // Once visible, image i starts loading after i × 100 ms.
  useEffect(() => {
    if (!visible) return;
    const timers = paths.map((_, i) =>
      setTimeout(() => setReady((r) => (r[i] ? r : setAt(r, i, true))), i * CAROUSEL_LAZY.preloadStepMs),
    );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [visible, paths]);

  const onLoad = (i: number) => setStates((s) => setAt(s, i, 'loaded'));
  const onError = (i: number) => {
    // First try the original upload (no variant), then give up.
    if (!fallback[i]) setFallback((f) => setAt(f, i, true));
    else setStates((s) => setAt(s, i, 'error'));
  };
  return { ready, states, fallback, onLoad, onError };
}

/** Takes the focus once the dialog around it has placed its own (the next frame). */
export function useFocusOnShow(root: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const frame = requestAnimationFrame(() => root.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [enabled, root]);
}
