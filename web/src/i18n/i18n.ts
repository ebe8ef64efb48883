import { i18n } from '@lingui/core';
import englishIcu from './compiled-en';

/**
 * The app's texts go through one Lingui instance, gettext style: the English text written in the
 * code is the message id, so English needs no catalogue. Spanish (es.ts) is loaded only when it is
 * active (language.ts). Messages are ICU: `{name}`, `{count, plural, one {# like} other {# likes}}`.
 *
 * Lingui's ICU compiler (~7 KB gzip) is not shipped: the build compiles the Spanish catalogue and
 * the English messages with plural or select (i18n-build.ts, into compiled-en.ts). What is left
 * to compile at run time in production is English with plain `{name}` placeholders or none, which
 * `plainMessage` turns into Lingui's compiled form. In dev and tests Lingui compiles everything
 * itself.
 */
const plainMessage = (message: string) =>
  message.includes('{')
    ? message
        .split(/\{(\w+)\}/)
        .map((part, i) => (i % 2 ? [part] : part))
        .filter((part) => part !== '')
    : message;
if (import.meta.env.PROD) i18n.setMessagesCompiler(plainMessage as never);
i18n.load('en', englishIcu);
i18n.activate('en');

export type Values = Record<string, string | number | null | undefined>;

/** The active language's text for an English message: `t('Failed to load {what}', { what })`. */
export function t(id: string, values?: Values): string {
  return i18n._(id, values as Record<string, unknown>);
}

export { i18n };

/**
 * Marks a text written outside a component (a module's list of labels) as a message without
 * translating it yet: render it with `t(label)`, in the language active then.
 */
export const msg = (id: string): string => id;
