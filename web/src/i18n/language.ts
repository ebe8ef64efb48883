import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The locale Intl formats with: Waco's Spanish is the US one. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** Where the chosen language is kept (localStorage); the cookie has the same name. */
export const STORAGE_KEY = 'lang';
const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';

/** The browser's: Spanish when the first of its languages that is English or Spanish is Spanish. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? []): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The language this browser chose, if it ever did. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language this visitor chose before, else the browser's. */
export const preferredLanguage = (): Language => storedLanguage() ?? browserLanguage();

/** The active language. */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');

/** The active language's Intl locale ("en-US", "es-US"). */
export const intlLocale = (): string => INTL_LOCALES[currentLanguage()];

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The active language; the component renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}
