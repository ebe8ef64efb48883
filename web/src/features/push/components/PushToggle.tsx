import { BellRing } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';
import { usePushNotifications } from '../hooks/use-push-notifications';
import type { PushState } from '../push-device';

/** Why the switch cannot be turned on here, in the person's words. */
function whyNot(state: PushState): string | null {
  switch (state) {
    case 'unsupported':
      return t(
        "This browser can't receive push notifications. An up-to-date Chrome, Edge, Firefox or Safari can.",
      );
    case 'not-installed':
      return t(
        'On iPhone and iPad, push works in the installed app: tap Share, then Add to Home Screen, and turn push on there.',
      );
    case 'not-ready':
      return t("Push needs the app's background worker, which isn't running. Reload the page and try again.");
    case 'unavailable':
      return t("Push notifications aren't set up on this server.");
    case 'denied':
      return t("Notifications are blocked in this browser's settings.");
    default:
      return null;
  }
}

/**
 * "Push notifications" on this device (opt-in), with "Off on all my devices" while on. Where
 * push cannot work (no Push API, iOS outside the Home Screen app, no service worker, no keys on
 * the server, notifications blocked) the switch is off and disabled, and says why.
 */
export function PushToggle() {
  const { state, busy, error, turnOn, turnOff } = usePushNotifications();
  if (state === null) return null;
  const on = state === 'on';
  const reason = whyNot(state);
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
          aria-describedby={reason ? 'push-reason' : undefined}
          disabled={busy || reason !== null}
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
      {reason && (
        <p id="push-reason" className="mt-1 text-xs text-muted-foreground">
          {reason}
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
