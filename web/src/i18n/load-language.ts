import { i18n } from './i18n';
import { type Language, preferredLanguage, STORAGE_KEY } from './language';
import { setServerCatalogue } from './server-text';

// Apart from language.ts: the Spanish chunk's dynamic import lives here, with the entry's code,
// so the shared first-view chunk that language.ts is part of needs no module-preload helper.

let spanishLoaded = false;

/** Loads a language's catalogue (Spanish's own chunk) and makes it the active one. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'es' && !spanishLoaded) {
    const [{ default: spanish }, server] = await Promise.all([
      import('./es'),
      import('@waco/contracts/server-messages'),
    ]);
    i18n.load('es', spanish);
    setServerCatalogue((english) => server.translateServerMessage(english, 'es'));
    spanishLoaded = true;
  }
  i18n.activate(language);
  document.documentElement.lang = language;
}

/**
 * Switches the language and remembers it: in localStorage, and in a cookie the servers can read
 * (a page they write can then be in the visitor's language).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the cookie still remembers.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we serve
  document.cookie = `lang=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  await activateLanguage(language);
}

/** Before the first render: the preferred language, so a Spanish reader never sees English first. */
export function startLanguage(): Promise<void> {
  const language = preferredLanguage();
  return language === 'en' ? Promise.resolve() : activateLanguage(language).catch(() => undefined);
}
