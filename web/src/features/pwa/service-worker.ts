// The app's service worker (/sw.js, built by web/pwa-build.ts): registered in the built app only
// (the dev server has none), and its update offered to the person rather than forced on a page.

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Registers /sw.js once the page has loaded (its install downloads the shell: not while the first
 * view loads); a new version that finishes installing while a page runs is offered.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function register() {
  navigator.serviceWorker
    .register('/sw.js')
    .then((registration) => {
      const offer = (worker: ServiceWorker | null) => {
        // Without a controller this is the first install: nothing runs an older version.
        if (!worker || !navigator.serviceWorker.controller) return;
        waiting = worker;
        emit();
      };
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
      // A long-open app looks for a new version when it comes back to the foreground.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void registration.update().catch(() => {});
      });
    })
    .catch(() => {
      // No worker (private mode, an old browser): the app works as a plain web page.
    });
}

/** Subscribes to "a new version is ready" (for useSyncExternalStore). */
export function onUpdateReady(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const updateReady = () => waiting !== null;

/** Switches to the new version: it takes over, and the page reloads into it. */
export function applyUpdate() {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
