import { useSyncExternalStore } from 'react';
import { onUpdateReady, updateReady } from '../service-worker';

const onConnectivity = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** False while the device has no network. */
export const useOnline = () => useSyncExternalStore(onConnectivity, () => navigator.onLine);

/** True once a new version of the app is installed and waits for the person's go-ahead. */
export const useUpdateReady = () => useSyncExternalStore(onUpdateReady, updateReady);
