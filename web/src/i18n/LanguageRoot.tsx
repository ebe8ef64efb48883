import { Fragment, type ReactNode } from 'react';
import { useLanguage } from './language';

/**
 * Renders the app anew when the language changes, so every `t()` answers in the new one without a
 * reload. Fetched data stays (the query cache is outside); the address stays.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}
