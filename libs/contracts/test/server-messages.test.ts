import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findServerMessage,
  parseLanguage,
  placeholdersOf,
  SERVER_MESSAGES,
  translateServerMessage,
} from '../src/server-messages';
import { findMessages, type Pattern, patternText, REPO_ROOT } from './message-sources';

// Sites whose message is made elsewhere and only passed on here: the scan reads it where it is
// made (a `message:` of the rule, the zod schema, the notification rule) and checks it there.
const PASSED_ON = new Set([
  'services/gateway/src/forwarding/answer-policies.ts: tooLarge.message', // bodyTooLarge(): "Request body is larger than ..."
  'services/gateway/src/forwarding/guest-bodies.ts: unauthorized().message', // the platform's unauthorized(), as the services say it
  'services/gateway/src/forwarding/storage-proxy.ts: bodyTooLarge(PHOTO_LIMIT).message',
  'services/media/src/commands/complete-upload.ts: now?.rejection', // an upload rule's message, stored
  'services/media/src/commands/owned-upload.ts: row.rejection',
  'services/media/src/commands/owned-upload.ts: access.message', // keys.ts's messages
  'services/media/src/commands/start-upload.ts: tooLarge.message', // upload-rules.ts's messages
  'services/media/src/domain/upload.ts: command.message', // upload-rules.ts's messages
  'services/messaging/src/domain/conversations.ts: content.error.issues[0]?.message', // MessageContent's zod messages
  'services/messaging/src/domain/deals.ts: score.error.issues[0]?.message', // RatingScore's zod messages
  'services/messaging/src/domain/deals.ts: note.error.issues[0]?.message', // RatingNote's zod messages
  'libs/platform/src/http/error-answers.ts: clientErrorMessage(error)', // its own sentences, or Fastify's
  // A stored notification's title, as the notification rules made it.
  'services/notifications/src/domain/push-message.ts: translateServerMessage(notification.title, lang)',
  'services/notifications/src/domain/mails.ts: text', // storedText(): a gathered notification's words
  'services/notifications/src/db/digest-posts.ts: r.title', // a post's title: its author's words
  'services/moderation/src/api/console-routes.ts: letter.error', // a consumer's own error, for the operator
]);

/** A pattern with its holes filled, as the server might say it. */
const sample = (pattern: Pattern) => pattern.map((part) => (part === null ? 'X1' : part)).join('');

describe('the server message catalogue', () => {
  it('has one Spanish text with the same placeholders for every English sentence, each once', () => {
    const seen = new Set<string>();
    for (const { en, es, translate } of SERVER_MESSAGES) {
      expect(es.trim(), en).not.toBe('');
      expect(es, en).not.toBe(en);
      expect(placeholdersOf(es).sort(), en).toEqual(placeholdersOf(en).sort());
      for (const name of translate ?? []) expect(placeholdersOf(en), en).toContain(name);
      expect(seen.has(en), `${en} is listed twice`).toBe(false);
      seen.add(en);
    }
  });

  it('knows every message the services, the gateway and the schemas can send', () => {
    const found = findMessages();
    expect(found.length).toBeGreaterThan(150);
    const unresolved = found
      .filter((f) => f.patterns === 'unresolved')
      .map((f) => `${f.file}: ${f.source}`)
      .filter((site) => !PASSED_ON.has(site));
    expect(unresolved, 'messages the scan cannot read: make them readable or list them in PASSED_ON').toEqual(
      [],
    );
    const missing = found.flatMap((f) =>
      f.patterns === 'unresolved'
        ? []
        : f.patterns
            .filter((p) => !findServerMessage(sample(p)))
            .map((p) => `${f.file}:${f.line} ${patternText(p)}`),
    );
    expect(missing, 'add these to libs/contracts/src/server-messages.ts').toEqual([]);
  });

  it('knows the mails identity writes, which translate each sentence', () => {
    const mails = readFileSync(join(REPO_ROOT, 'services/identity/src/domain/mails.ts'), 'utf8');
    // Every English sentence of the mails goes through the catalogue, so the scan above sees it.
    expect(mails).toContain('translateServerMessage(');
    expect(findMessages().some((f) => f.file.endsWith('domain/mails.ts'))).toBe(true);
  });

  it('translates exact sentences and templates, and leaves what it does not know', () => {
    expect(translateServerMessage('Post not found', 'es')).toBe('Publicación no encontrada');
    expect(translateServerMessage('Post not found', 'en')).toBe('Post not found');
    expect(translateServerMessage('Ada Lovelace liked your post', 'es')).toBe(
      'A Ada Lovelace le gustó tu publicación',
    );
    expect(translateServerMessage('Malformed JSON body: Unexpected token } in JSON', 'es')).toBe(
      'Cuerpo JSON mal formado: Unexpected token } in JSON',
    );
    expect(
      translateServerMessage('Too many failed sign-in attempts. Please try again in 2 minutes.', 'es'),
    ).toBe('Demasiados intentos fallidos de inicio de sesión. Inténtalo de nuevo en 2 minutos.');
    expect(translateServerMessage('Contact phone is at most 40 characters', 'es')).toBe(
      'Teléfono de contacto tiene como máximo 40 caracteres',
    );
    expect(translateServerMessage('“Blue bike” was marked sold', 'es')).toBe(
      '“Blue bike” se marcó como vendido',
    );
    expect(translateServerMessage('A sale can only be marked sold', 'es')).toBe(
      'Una venta solo se puede marcar como vendido',
    );
    expect(translateServerMessage('The event is now Jun 1, 2026, 6:00 PM, now at 5th St', 'es')).toBe(
      'Cambios en el evento: ahora Jun 1, 2026, 6:00 PM, ahora en 5th St',
    );
    expect(translateServerMessage('hola vecinos', 'es')).toBe('hola vecinos');
  });

  it('imports nothing but its languages: no zod, no Node (the web app loads it)', () => {
    for (const file of ['server-messages.ts', 'languages.ts']) {
      const source = readFileSync(join(REPO_ROOT, 'libs/contracts/src', file), 'utf8');
      const imports = [...source.matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1]);
      expect(
        imports.filter((from) => from !== './languages'),
        file,
      ).toEqual([]);
    }
  });

  it('keeps the spec’s English as it is', () => {
    for (const text of [
      'Invalid email address',
      'An account with this email already exists',
      'Invalid email or password',
    ])
      expect(translateServerMessage(text, 'en')).toBe(text);
  });
});

describe('a request’s language', () => {
  it('is the lang cookie, then Accept-Language, else English', () => {
    expect(parseLanguage({ cookie: 'sid=abc; lang=es', 'accept-language': 'en-US' })).toBe('es');
    expect(parseLanguage({ cookie: 'lang=en', 'accept-language': 'es-MX,es;q=0.9' })).toBe('en');
    expect(parseLanguage({ cookie: 'lang=fr', 'accept-language': 'es-MX,es;q=0.9' })).toBe('es');
    expect(parseLanguage({ 'accept-language': 'fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4' })).toBe('es');
    expect(parseLanguage({ 'accept-language': 'en-US,en;q=0.9,es;q=0.8' })).toBe('en');
    expect(parseLanguage({ 'accept-language': 'es;q=0' })).toBe('en');
    expect(parseLanguage({})).toBe('en');
  });
});
