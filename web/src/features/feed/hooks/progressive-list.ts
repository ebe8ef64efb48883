import { useCallback, useEffect, useState } from 'react';
import { hydratingNow } from '../../../ui/server-view';

/**
 * A long list rendered a few items per task: the first `first` at once, then `step` more in each
 * later task until all are shown, so a phone's main thread never spends one long task on a whole
 * page of cards and the first card paints sooner (the list yields itself: an update outside a
 * transition renders in one task). While `more` is false (the list's end is far below the
 * viewport: see `useNearViewport`) it adds nothing and goes on once it is true again. Returns
 * `items` itself once it is all shown. Rendered on the server, and hydrated, it is all shown at once:
 * the page's HTML holds every item.
 */
export function useProgressiveList<T>(items: T[], first: number, step = first, more = true): T[] {
  const [count, setCount] = useState(() => (hydratingNow() ? Math.max(first, items.length) : first));
  const done = count >= items.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step that shows more schedules the next
  useEffect(() => {
    if (done || !more) return;
    const next = setTimeout(() => setCount((n) => n + step), 0);
    return () => clearTimeout(next);
  }, [count, done, step, more]);
  return done ? items : items.slice(0, count);
}

/**
 * Whether the element given the returned ref is within `margin` of the viewport (an
 * IntersectionObserver root margin, such as "100% 0px": one viewport's height above and below).
 * True until the browser first says, and where there is no IntersectionObserver. The ref observes
 * the element itself rather than putting it in state: a ref that sets state makes React render
 * again synchronously inside the commit, which after hydration flushed every card's effects and
 * that render in one long task.
 */
export function useNearViewport(margin: string): [near: boolean, ref: (node: Element | null) => () => void] {
  const [near, setNear] = useState(true);
  const ref = useCallback(
    (node: Element | null) => {
      if (!node || typeof IntersectionObserver === 'undefined') return () => {};
      const observer = new IntersectionObserver(
        (entries) => {
          const last = entries[entries.length - 1];
          if (last) setNear(last.isIntersecting);
        },
        { rootMargin: margin },
      );
      observer.observe(node);
      return () => observer.disconnect();
    },
    [margin],
  );
  return [near, ref];
}
