import { useSyncExternalStore } from 'react';

/**
 * What the server rendered the page as: the gateway renders it (entry-server.tsx) from the
 * request's cookies, which is all it knows; the browser also knows its local storage. Hydration
 * renders as the server did (these values) and then the app updates to what the browser knows,
 * so the two renders match and React keeps the server's HTML.
 */
export interface ServerView {
  /** A returning guest (the guest cookie; the browser's flag is in local storage). */
  guest: boolean;
  theme: 'light' | 'dark';
  language: 'en' | 'es';
  /** The server's clock when it rendered: times "… ago" hydrate as the server wrote them. */
  now?: number;
}

const NO_VIEW: ServerView = { guest: false, theme: 'light', language: 'en' };
let view: ServerView = NO_VIEW;

/** Set once per render on the server (renders run one at a time), and by main.tsx before hydrating. */
export function setServerView(next: ServerView) {
  view = next;
}

/** What the server rendered with (the defaults outside a server render or a hydration). */
export const serverView = (): ServerView => view;

const never = () => () => {};

/**
 * True while React renders on the server or hydrates its HTML, false in any later render: a
 * component renders then as the server did (all of the first page of cards, no browser state).
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}

/**
 * A value the browser reads itself (local storage, a cookie) and the server only guesses: the
 * server's guess while rendering there or hydrating, the browser's own afterwards.
 */
export function useBrowserValue<T>(read: () => T, onServer: () => T): T {
  return useSyncExternalStore(never, read, onServer);
}

let hydrated = false;

/**
 * Whether this render is the server's or the hydration of its HTML, read once (in a state's
 * initializer) by a component that only needs to know how it starts. Unlike `useHydrating` it does
 * not subscribe: nothing renders again when hydration ends. A hook that subscribes re-renders its
 * component synchronously right after hydration, with everything below it that is not memoized:
 * on the feed that was the whole page a second time in one long task.
 */
export const hydratingNow = (): boolean => view !== NO_VIEW && !hydrated;

/**
 * "Now" for a render: the server's render time while rendering there or hydrating its HTML (a
 * card written "59 seconds" ago must not hydrate as "1 minute ago"), the browser's clock after.
 */
export const renderNow = (): number => (!hydrated && view.now !== undefined ? view.now : Date.now());
const afterHydration: Array<() => void> = [];

/** Runs `task` once the app is mounted (at once if it is): what must not change the hydrating render. */
export function whenHydrated(task: () => void) {
  if (hydrated) task();
  else afterHydration.push(task);
}

/** Called by the app's root once mounted; marks <html data-hydrated> (tests and bench/web.ts wait for it). */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.hydrated = '';
  for (const task of afterHydration.splice(0)) task();
}
