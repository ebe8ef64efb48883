import {
  CATEGORY_CHIPS,
  CATEGORY_LABELS,
  CLOSE_REASON_LABELS,
  HIDDEN_BY_MODERATORS,
  HOME_TITLE,
  REPORT_REASON_LABELS,
  TAGLINE,
} from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import spanish from '../src/i18n/es';
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
