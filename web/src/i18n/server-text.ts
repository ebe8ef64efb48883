import { t } from './i18n';
import { currentLanguage } from './language';

/**
 * The server's own English→Spanish catalogue (libs/contracts/src/server-messages.ts: every
 * sentence a service sends a person, notifications' titles and bodies included), loaded with the
 * Spanish chunk (load-language.ts), never for an English reader. It is the one place a server
 * sentence is translated: the app's catalogue (es.ts) does not repeat them.
 */
let serverSpanish: ((english: string) => string) | null = null;
export function setServerCatalogue(translate: (english: string) => string) {
  serverSpanish = translate;
}

/**
 * A sentence the server sent (a refusal's `message`, a notification's title or body, an answer's
 * `message`), or one of its rules the app checks itself (validation.ts), in the active language:
 * the server's catalogue, else the app's own (a text the app made, such as "Failed to fetch post
 * status: 503"), else the English as sent (a member's own words).
 */
export function serverText(message: string): string {
  if (serverSpanish && currentLanguage() === 'es') {
    const translated = serverSpanish(message);
    if (translated !== message) return translated;
  }
  return t(message);
}
