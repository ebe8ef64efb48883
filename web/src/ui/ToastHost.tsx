import { Suspense, useSyncExternalStore } from 'react';
import { lazyPart } from './lazy-part';
import { toastStore } from './toast-store';

const Toaster = lazyPart('Toaster', () => import('./Toaster'));

/** Mounts the toast area with the first toast, so its code is not part of the first screen. */
export function ToastHost() {
  // No toast in the server's HTML (nor while hydrating it).
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.none);
  const needed = useSyncExternalStore(toastStore.subscribe, toastStore.everShown, () => false);
  if (!needed && items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
