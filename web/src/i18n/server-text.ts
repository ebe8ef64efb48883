import { msg, t } from './i18n';
import { currentLanguage } from './language';

/**
 * The server's own English→Spanish catalogue (libs/contracts/src/server-messages.ts: every
 * sentence a service sends a person), loaded with the Spanish chunk (load-language.ts), never
 * for an English reader.
 */
let serverSpanish: ((english: string) => string) | null = null;
export function setServerCatalogue(translate: (english: string) => string) {
  serverSpanish = translate;
}

/**
 * Sentences the server sends with a dynamic part, as a pattern and the catalogue's message for
 * it: the captured parts fill the message's placeholders in order.
 */
const PATTERNS: [pattern: RegExp, message: string, names: string[]][] = [
  [/^Failed to fetch post status: (\d+)$/, msg('Failed to fetch post status: {status}'), ['status']],
  // Notification titles (services/notifications).
  [/^(.+) liked your post$/, msg('{name} liked your post'), ['name']],
  [/^(.+) sent you a message$/, msg('{name} sent you a message'), ['name']],
];

/**
 * The server's sentences a person meets most, so the catalogue keeps their Spanish (the catalogue
 * test reads this list; the app does not, so the bundle leaves it out). The gateway's own
 * English→Spanish table is joined here when it lands.
 */
export const SERVER_SENTENCES = [
  'Something went wrong on our side. Please try again.',
  'The database is unavailable right now. Please try again in a moment.',
  'The object store is unavailable right now. Please try again in a moment.',
  'Invalid request',
  'Nothing to change',
  'Title must be at least 3 characters',
  'Event date is required for events',
  'minPrice must not be above maxPrice',
  'A saved search needs a query or at least one filter',
  'New post matching your saved search',
  'Your report was reviewed',
];

/**
 * The server's English `message` in the active language: the server's catalogue first, then the
 * app's own (an exact sentence, else one of the patterns above), else the English as sent.
 */
export function serverText(message: string): string {
  if (serverSpanish && currentLanguage() === 'es') {
    const translated = serverSpanish(message);
    if (translated !== message) return translated;
  }
  for (const [pattern, id, names] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(id, Object.fromEntries(names.map((name, i) => [name, match[i + 1]])));
  }
  return t(message);
}
