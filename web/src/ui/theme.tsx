import { STORAGE_KEYS } from '@waco/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { hydratingNow, serverView } from './server-view';

export type Theme = 'light' | 'dark';

/** The cookie the server reads the theme from (the same choice as local storage's). */
export const THEME_COOKIE = 'theme';

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

/** The stored theme; light unless "dark" was chosen (spec: default light). */
export function storedTheme(): Theme {
  try {
    return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Light and dark themes, persisted under `vite-ui-theme`, applied as the `dark` class on <html>. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  // Hydrating, the server's theme first (its cookie): hydration renders what the server did; the
  // page's head script has already set <html>'s class from local storage, left alone until then.
  const hydrating = hydratingNow();
  const [theme, setThemeState] = useState<Theme>(() => (hydrating ? serverView().theme : storedTheme()));
  const [synced, setSynced] = useState(() => !hydrating);
  useEffect(() => {
    if (synced) return;
    setThemeState(storedTheme());
    setSynced(true);
  }, [synced]);

  useEffect(() => {
    if (!synced) return;
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme === 'dark' ? '#0b1220' : '#ffffff');
  }, [theme, synced]);

  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    // And in a cookie, so the server renders the next page in it (entry-server.tsx).
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we serve
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
    setThemeState(next);
  }, []);

  const value = useMemo(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme needs a ThemeProvider');
  return state;
}
