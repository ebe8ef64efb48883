import { useCallback, useEffect, useState } from 'react';
import { HttpError } from '../../../api/http';
import { t } from '../../../i18n/i18n';
import { PermissionNotGiven, type PushState, pushState, turnPushOff, turnPushOn } from '../push-device';

/** This device's push state, and switching it; `null` while it is being found out. */
export function usePushNotifications() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState()
      .catch((): PushState => 'unsupported')
      .then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (change: () => Promise<PushState>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await change());
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) setState('unavailable');
      else if (err instanceof PermissionNotGiven)
        setError(t("Notifications weren't allowed. Turn push on again and choose Allow."));
      else setError(t('Push notifications could not be changed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    state,
    busy,
    error,
    turnOn: () => run(turnPushOn),
    turnOff: (everywhere = false) => run(() => turnPushOff(everywhere)),
  };
}
