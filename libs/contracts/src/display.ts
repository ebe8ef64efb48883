// How prices and event dates read to people (spec section 2), in the browser and in the link
// previews the gateway writes. No Node-only imports: the web app uses it too.

// Made on first use, not when the module loads: a page's first Intl formatter is the costly one
// (ICU loads its data), and the web app's first screens may need none.
let money: Intl.NumberFormat | undefined;

/** "$" and two decimals: "25" → "$25.00", "1250.5" → "$1,250.50". Null for no or bad price. */
export function formatPrice(price: string | number | null | undefined): string | null {
  if (price === null || price === undefined || price === '') return null;
  const value = Number(price);
  if (!Number.isFinite(value)) return null;
  money ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `$${money.format(value)}`;
}

/**
 * Spec section 2: short weekday, short month, day, hour and minute ("Sat, Jun 1, 6:00 PM" in
 * en-US, the spec's locale; the web passes its reader's locale for other languages).
 */
export function formatEventDate(iso: string, timeZone?: string, locale = 'en-US'): string {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = eventDateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    eventDateFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

// One formatter per locale and zone: making one costs about as much as a card's whole render on
// a slow phone, and a feed formats a date on every event card.
const eventDateFormats = new Map<string, Intl.DateTimeFormat>();

/** Waco's time zone: where a page written by the server (a link preview) shows event times. */
export const CITY_TIME_ZONE = 'America/Chicago';
