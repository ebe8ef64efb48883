import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following its changes (`(min-width: 1024px)`). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The width from which the app lays out for desktop (Tailwind's `lg`). */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** The width from which the feed's filters sit in a side panel (Tailwind's `xl`). */
export const WIDE_QUERY = '(min-width: 1280px)';
