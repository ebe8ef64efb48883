// The languages a member can read the app in, and how a request says which one it wants. No zod
// and no Node: the web app imports this too.

/** The app's languages; English is the default and the spec's. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The cookie the web app sets when a member picks a language (values `en` or `es`). */
export const LANGUAGE_COOKIE = 'lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The `lang` cookie's language, or null when the Cookie header has none (or another value). */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== LANGUAGE_COOKIE) continue;
    const value = pair
      .slice(at + 1)
      .trim()
      .replace(/^"|"$/g, '');
    if (isLanguage(value)) return value;
  }
  return null;
}

/**
 * The language an Accept-Language header prefers most among the app's ("es-MX,en;q=0.8" is
 * Spanish, "fr,en;q=0.5" English), or null when it names none of them.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  let best: { lang: Language; q: number } | null = null;
  for (const range of (header ?? '').split(',')) {
    const [tag = '', ...params] = range.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang ?? null;
}

/**
 * A request's language: the `lang` cookie the web app sets wins, then Accept-Language, else
 * English. Takes the raw headers (`cookie`, `accept-language`).
 */
export function parseLanguage(headers: {
  cookie?: string | null | undefined;
  'accept-language'?: string | null | undefined;
}): Language {
  return languageFromCookie(headers.cookie) ?? languageFromAcceptLanguage(headers['accept-language']) ?? 'en';
}

/** A stored or sent language as one of the app's: English when absent, erased or unknown. */
export const languageOf = (value: unknown): Language => (isLanguage(value) ? value : 'en');
