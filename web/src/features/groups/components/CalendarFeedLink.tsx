import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { useOpenCalendarFeed } from '../hooks/events';

/**
 * The member's calendar of the events they attend, as a webcal address for their calendar app.
 * Only on asking: each ask makes a new secret address, and the old one stops working.
 */
export function CalendarFeedLink() {
  const [address, setAddress] = useState<string | null>(null);
  const open = useOpenCalendarFeed();
  if (address) {
    return (
      <div className="grid grid-cols-1 gap-2">
        <label className="text-sm font-medium" htmlFor="calendar-feed">
          {t('Your calendar address')}
        </label>
        <input
          id="calendar-feed"
          readOnly
          value={address}
          className="h-10 rounded-lg border bg-muted px-3 text-sm"
        />
        <p className="text-xs text-muted-foreground">
          {t('Add it to your calendar app to see the events you go to. Keep it to yourself.')}
        </p>
        <a href={address} className={buttonClass('outline', 'sm', 'justify-self-start')}>
          {t('Open in my calendar')}
        </a>
      </div>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass('outline', 'sm', 'justify-self-start')}
      disabled={open.isPending}
      onClick={() =>
        open.mutate(undefined, {
          onSuccess: ({ path }) => setAddress(`webcal://${window.location.host}${path}`),
        })
      }
    >
      {t('Get my calendar address')}
    </button>
  );
}
