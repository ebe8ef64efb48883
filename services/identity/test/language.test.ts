import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, startIdentity } from './harness';

// A member's language: taken at sign-up from the browser (the web app's `lang`
// cookie, else Accept-Language), changed through the profile, kept in identity's events, and
// the language of their mails.

let identity: Identity;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity?.stop();
});

const languageOf = async (userId: string) =>
  (await identity.call('GET', '/api/user', { userId })).body.language as string;

describe('a member’s language', () => {
  it('is the lang cookie’s at sign-up, over Accept-Language, and mails them in it', async () => {
    const { user, request } = await identity.signUp(
      { firstName: 'Lucía' },
      { cookie: 'lang=es', 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(await languageOf(user.id)).toBe('es');

    const [mail] = await identity.mailsTo(request.email);
    expect(mail?.subject).toBe('Confirma tu correo para Waco Commons');
    expect(mail?.text).toContain('Hola, Lucía:');
    expect(mail?.text).toContain('Confirmar mi correo: http://app.test/api/verify-email?token=');
    expect(mail?.text).toContain('Nos vemos por el vecindario,\nWaco Commons');
    expect(mail?.html).toContain('<html lang="es">');
    expect(mail?.html).toContain('O pega esta dirección en tu navegador:');
    expect(mail?.text).not.toContain('Welcome');

    // Kept in the event history, sealed like the other profile fields.
    const event = await identity.waitForPublished('UserRegistered', (d) => d.userId === user.id);
    expect(event.data).toMatchObject({ language: expect.stringMatching(/^enc:v1:/) });
    expect((await identity.running.personalData?.openOne(event))?.data).toMatchObject({ language: 'es' });
  });

  it('is Accept-Language’s without the cookie, and English without either', async () => {
    const mexican = await identity.signUp({}, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(await languageOf(mexican.user.id)).toBe('es');
    const plain = await identity.signUp();
    expect(await languageOf(plain.user.id)).toBe('en');
    const [mail] = await identity.mailsTo(plain.request.email);
    expect(mail?.subject).toBe('Confirm your email for Waco Commons');
    expect(mail?.html).toContain('<html lang="en">');
  });

  it('changes through the profile, and a password reset mails the account’s language', async () => {
    const { user, request } = await identity.signUp({}, { cookie: 'lang=es' });
    const reset = () =>
      identity.call('POST', '/api/password-reset', {
        json: { email: request.email },
        // Whoever asks, the mail is in the account's language.
        headers: { 'accept-language': 'en-US' },
      });

    expect((await reset()).status).toBe(202);
    const spanish = (await identity.mailsTo(request.email, 2))[1];
    expect(spanish?.subject).toBe('Restablece tu contraseña de Waco Commons');
    expect(spanish?.text).toContain('Elegir una contraseña nueva: http://app.test/reset-password?token=');

    const res = await identity.call('PUT', '/api/user/profile', {
      userId: user.id,
      json: { firstName: 'Ada', lastName: 'Lovelace', language: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('en');
    expect(await languageOf(user.id)).toBe('en');
    const event = await identity.waitForPublished('ProfileUpdated', (d) => d.userId === user.id);
    expect((await identity.running.personalData?.openOne(event))?.data).toMatchObject({ language: 'en' });

    // An edit that leaves the language out keeps it.
    await identity.call('PUT', '/api/user/profile', {
      userId: user.id,
      json: { firstName: 'Augusta', lastName: 'Lovelace' },
    });
    expect(await languageOf(user.id)).toBe('en');

    expect((await reset()).status).toBe(202);
    const english = (await identity.mailsTo(request.email, 3))[2];
    expect(english?.subject).toBe('Reset your Waco Commons password');
  });

  it('refuses any other value with 400, and writes nothing', async () => {
    const { user } = await identity.signUp({}, { cookie: 'lang=es' });
    const before = await identity.counts();
    for (const language of ['fr', 'ES', '', 7, null]) {
      const res = await identity.call('PUT', '/api/user/profile', {
        userId: user.id,
        json: { firstName: 'Otra', lastName: 'Persona', language },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Language must be en or es', field: 'language' });
    }
    expect(await identity.counts()).toEqual(before);
    expect(await languageOf(user.id)).toBe('es');
  });
});
