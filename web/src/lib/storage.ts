import { GUEST_HINT_COOKIE, STORAGE_KEYS } from '@waco/contracts';

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the app still works, it just forgets.
  }
};

/** Whether this browser chose "Continue as Guest" before (`hasVisitedAsGuest`). */
export const hasGuestFlag = () => read(STORAGE_KEYS.guest) === 'true';
/** Sets the flag, and its cookie for the server (GUEST_HINT_COOKIE), for a year from now. */
export function setGuestFlag() {
  write(STORAGE_KEYS.guest, 'true');
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie set, where Cookie Store may be missing
  document.cookie = `${GUEST_HINT_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Remembers where to come back to after signing in (path plus query string). */
export const storeReturnUrl = (url: string) => write(STORAGE_KEYS.returnUrl, url);

/** The stored return address, removed as it is read; only same-site paths are honoured. */
export function takeReturnUrl(): string | null {
  const url = read(STORAGE_KEYS.returnUrl);
  write(STORAGE_KEYS.returnUrl, null);
  return url?.startsWith('/') && !url.startsWith('//') ? url : null;
}
