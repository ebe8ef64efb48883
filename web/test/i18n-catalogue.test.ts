import {
  CATEGORY_CHIPS,
  CATEGORY_LABELS,
  CLOSE_REASON_LABELS,
  HIDDEN_BY_MODERATORS,
  HOME_TITLE,
  REPORT_REASON_LABELS,
  TAGLINE,
} from '@waco/contracts';
import { SERVER_MESSAGES } from '@waco/contracts/server-messages';
import { describe, expect, it } from 'vitest';
import spanish from '../src/i18n/es';
import { uppySpanish } from '../src/i18n/uppy-es';
import { PROTECTED_ACTIONS, shortenAction } from '../src/lib/action-wording';
import { literalTexts, messageUses, placeholders, sourceFiles } from './i18n-scan';

// Texts shown through t(label) with a label from elsewhere: the shared vocabulary's (contracts).
const VOCABULARY = [
  ...Object.values(CATEGORY_LABELS),
  ...Object.values(CATEGORY_CHIPS),
  ...Object.values(CLOSE_REASON_LABELS),
  ...Object.values(REPORT_REASON_LABELS),
  ...Object.values(PROTECTED_ACTIONS).map(shortenAction),
  HIDDEN_BY_MODERATORS,
  TAGLINE,
  HOME_TITLE,
];

describe('the Spanish catalogue', () => {
  const { uses } = messageUses();
  const ids = new Set([...uses.map((use) => use.id), ...VOCABULARY]);

  it('has a Spanish text for every message in the code', () => {
    const missing = uses.filter((use) => !(use.id in spanish)).map((use) => `${use.file}: ${use.id}`);
    expect(missing).toEqual([]);
    expect(VOCABULARY.filter((id) => !(id in spanish))).toEqual([]);
  });

  it('has no entry the code no longer uses', () => {
    expect(Object.keys(spanish).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('keeps each message’s placeholders', () => {
    const differing = Object.entries(spanish)
      .filter(([id, text]) => placeholders(id).join() !== placeholders(text).join())
      .map(([id, text]) => `${id} → ${text}`);
    expect(differing).toEqual([]);
  });
});

// Symbols and names that read the same in every language.
const SAME_IN_EVERY_LANGUAGE = new Set(['Waco Commons', 'Waco', 'Commons']);

describe('texts in the screens', () => {
  it('go through t(): no English written straight into JSX', () => {
    const literals = sourceFiles()
      .filter((path) => path.endsWith('.tsx'))
      .flatMap(literalTexts)
      .filter((found) => !SAME_IN_EVERY_LANGUAGE.has(found.text))
      .map((found) => `${found.file}: ${found.kind} "${found.text}"`);
    expect(literals).toEqual([]);
  });
});

/**
 * The app's Spanish is Latin-American, as spoken in Texas, with one word for each idea: a word
 * of Spain or a second word for an idea the app already names is listed with the one to use.
 */
const ONE_WORD_EACH = [
  [/\bdenunci/i, 'reportar, reporte'],
  [/\bcaduc/i, 'vencer, vencida'],
  [/\bbarrio/i, 'vecindario'],
  [/\bintroduce/i, 'escribe'],
  [/\bprueba a\b/i, 'intenta'],
  [/\bvuelve a intentarlo/i, 'inténtalo de nuevo'],
  [/\b(ordenador|móvil|fichero|vosotros|vuestr)/i, 'computadora, teléfono, archivo, ustedes'],
  [/\b(usted|suelte|seleccione|presione)\b/i, 'tú'],
] as const;

describe('the Spanish', () => {
  it('uses one word for each idea, in Latin-American Spanish', () => {
    const texts = [
      ...Object.values(spanish),
      ...SERVER_MESSAGES.map((message) => message.es),
      ...Object.values(uppySpanish.strings).flatMap((text) =>
        typeof text === 'string' ? [text] : Object.values(text),
      ),
    ];
    const found = texts.flatMap((text) =>
      ONE_WORD_EACH.filter(([word]) => word.test(text)).map(([, instead]) => `${text} (say: ${instead})`),
    );
    expect(found).toEqual([]);
  });
});
