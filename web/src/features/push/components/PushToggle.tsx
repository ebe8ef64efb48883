import { BellRing } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';
import { usePushNotifications } from '../hooks/use-push-notifications';

/**
 * "Push notifications" on this device (opt-in), with "Off on all my devices" while on. Hidden
 * where push cannot work (no Push API, the dev server, or no keys on the server).
 */
export function PushToggle() {
  const { state, busy, error, turnOn, turnOff } = usePushNotifications();
  if (state === null || state === 'unsupported' || state === 'unavailable') return null;
  const on = state === 'on';
  return (
    <div className="rounded-xl px-3 py-2.5" data-testid="push-toggle">
      <div className="flex items-center gap-3">
        <BellRing aria-hidden className="size-5 text-muted-foreground" />
        <span id="push-label" className="flex-1 text-sm font-medium">
          {t('Push notifications')}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="push-label"
          disabled={busy || state === 'denied'}
          onClick={() => void (on ? turnOff() : turnOn())}
          className={cn(
            'relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-60',
            on ? 'bg-primary' : 'bg-border',
          )}
        >
          <span
            className={cn(
              'absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform',
              on && 'translate-x-5',
            )}
          />
        </button>
      </div>
      {state === 'denied' && (
        <p className="mt-1 text-xs text-muted-foreground">
          {t("Notifications are blocked in this browser's settings.")}
        </p>
      )}
      {on && (
        <button
          type="button"
          disabled={busy}
          onClick={() => void turnOff(true)}
          className="mt-1 text-xs font-medium text-muted-foreground underline-offset-2 hover:underline"
        >
          {t('Off on all my devices')}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
