import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { useOnline, useUpdateReady } from '../hooks/use-pwa-status';
import { applyUpdate, registerServiceWorker } from '../service-worker';

const bar =
  'fixed inset-x-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border bg-card px-4 py-3 text-sm shadow-lg';

/** "You are offline": the feed shown is the one this device kept. */
export function OfflineNotice() {
  if (useOnline()) return null;
  return (
    <div role="status" className={`${bar} top-3`} data-testid="offline-notice">
      <WifiOff aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <p>
        {t('You are offline. You are reading what this device kept; it refreshes when you are back online.')}
      </p>
    </div>
  );
}

/** "A new version is ready", with Reload (and Later, until the next visit). */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  const [later, setLater] = useState(false);
  if (!ready || later) return null;
  return (
    <div role="status" className={`${bar} bottom-24`} data-testid="update-prompt">
      <RefreshCw aria-hidden className="size-5 shrink-0 text-primary" />
      <p className="min-w-0 flex-1">{t('A new version of Waco Commons is ready.')}</p>
      <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setLater(true)}>
        {t('Later')}
      </button>
      <button type="button" className={buttonClass('primary', 'sm')} onClick={applyUpdate}>
        {t('Reload')}
      </button>
    </div>
  );
}

/** The installable app's status: registers the service worker, says when offline or updated. */
export default function PwaStatus() {
  useEffect(registerServiceWorker, []);
  return (
    <>
      <OfflineNotice />
      <UpdatePrompt />
    </>
  );
}
