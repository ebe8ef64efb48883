import { useEffect, useState } from 'react';

/**
 * A long list rendered a few items per task: the first `first` at once, then `step` more in each
 * later task until all are shown, so a phone's main thread never spends one long task on a whole
 * page of cards and the first card paints sooner. Preact has no background (concurrent) render,
 * so the list does the yielding itself. Returns `items` itself once it is all shown.
 */
export function useProgressiveList<T>(items: T[], first: number, step = first): T[] {
  const [count, setCount] = useState(first);
  const done = count >= items.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step that shows more schedules the next
  useEffect(() => {
    if (done) return;
    const next = setTimeout(() => setCount((n) => n + step), 0);
    return () => clearTimeout(next);
  }, [count, done, step]);
  return done ? items : items.slice(0, count);
}
