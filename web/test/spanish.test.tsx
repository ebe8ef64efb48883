// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FORMER_MEMBER, HOME_TITLE, MESSAGE_DELETED, MESSAGES, type Notification } from '@waco/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError, messageOf } from '../src/api/http';
import { LoginForm } from '../src/features/auth/components/AuthForms';
import { displayName } from '../src/features/auth/hooks/current-user';
import { validateLogin, validateSignup } from '../src/features/auth/validation';
import { shownContent } from '../src/features/messages/message-text';
import { NotificationItem } from '../src/features/notifications/components/NotificationItem';
import { groupNotifications } from '../src/features/notifications/grouping';
import { CategoryBadge, PostFacts } from '../src/features/post/components/PostMeta';
import { t } from '../src/i18n/i18n';
import { LanguageRoot } from '../src/i18n/LanguageRoot';
import { browserLanguage, currentLanguage } from '../src/i18n/language';
import { activateLanguage } from '../src/i18n/load-language';
import { placeName, timeAgo } from '../src/lib/format';
import { documentTitle, metaPresets } from '../src/lib/page-meta';
import WelcomePage from '../src/pages/WelcomePage';
import { ThemeProvider } from '../src/ui/theme';
import { toastStore } from '../src/ui/toast-store';
import { renderWithApp, TestRouter } from './app-render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => activateLanguage('en'));

describe('the language a reader gets', () => {
  it('is Spanish when the first English or Spanish of the browser’s languages is Spanish', () => {
    expect(browserLanguage(['fr-FR', 'es-MX', 'en-US'])).toBe('es');
    expect(browserLanguage(['es'])).toBe('es');
    expect(browserLanguage(['en-GB', 'es-US'])).toBe('en');
    expect(browserLanguage(['de-DE'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('a screen in Spanish', () => {
  beforeAll(() => activateLanguage('es'));

  it('shows a post’s category, price and event date in Spanish, with es-US formats', () => {
    const eventDate = '2026-06-06T23:00:00.000Z';
    render(
      <>
        <CategoryBadge category="sale" />
        <PostFacts post={{ price: '1250.5', eventDate, neighborhood: 'downtown' } as never} />
      </>,
    );
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByText('En venta')).toBeTruthy();
    const price = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(1250.5);
    expect(screen.getByText(price)).toBeTruthy();
    const date = new Intl.DateTimeFormat('es-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(eventDate));
    expect(screen.getByText(date)).toBeTruthy();
    expect(date).not.toBe(new Date(eventDate).toLocaleString('en-US'));
    expect(timeAgo(new Date(Date.now() - 5 * 60_000).toISOString())).toBe('hace 5 minutos');
  });

  it('translates the server’s sentences through the same catalogue', () => {
    const error = (message: string) =>
      new HttpError(500, JSON.stringify({ message }), 'Internal Server Error');
    // The server's own catalogue (libs/contracts/src/server-messages.ts) is asked first.
    expect(messageOf(error('Something went wrong on our side. Please try again.'))).toBe(
      'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
    );
    // Sentences only the server's catalogue has.
    expect(messageOf(error('Language must be en or es'))).toBe('El idioma debe ser en o es');
    expect(messageOf(error('Too many failed sign-in attempts. Please try again in 5 minutes.'))).toMatch(
      /^Demasiados intentos fallidos de inicio de sesión\. Inténtalo de nuevo en /,
    );
    // A sentence the catalogue does not know stays as the server wrote it.
    expect(messageOf(error('Some new sentence'))).toBe('Some new sentence');
  });

  it('welcomes in Spanish, and the switch turns the page to English without a reload, remembered', async () => {
    render(
      <ThemeProvider>
        <TestRouter>
          <LanguageRoot>
            <WelcomePage />
          </LanguageRoot>
        </TestRouter>
      </ThemeProvider>,
    );
    expect(screen.getByText('Continuar como invitado')).toBeTruthy();
    expect(screen.getByText('Comenzar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Continue as Guest')).toBeTruthy();
    expect(screen.getByText('Get Started')).toBeTruthy();
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.cookie).toContain('lang=en');
  });
});

describe('what the app and the server say, in Spanish', () => {
  beforeAll(() => activateLanguage('es'));

  it('checks the sign-in and sign-up forms in Spanish', () => {
    expect(validateLogin({ email: 'ada', password: '' })).toEqual({
      email: 'Escribe un correo electrónico válido',
      password: 'La contraseña es obligatoria',
    });
    expect(
      validateSignup({ firstName: ' ', lastName: '', email: 'ada@example.com', password: 'short' }),
    ).toEqual({
      firstName: 'El nombre es obligatorio',
      lastName: 'El apellido es obligatorio',
      password: 'La contraseña debe tener al menos 8 caracteres',
    });
  });

  it('says a wrong password in Spanish, as the server refused it', async () => {
    const { requests } = renderWithApp(<LoginForm />, {
      'POST /api/login': () => Response.json({ message: MESSAGES.badCredentials }, { status: 401 }),
    });

    fireEvent.input(screen.getByLabelText('Correo electrónico'), { target: { value: 'ada@example.com' } });
    fireEvent.input(screen.getByLabelText('Contraseña'), { target: { value: 'not hers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(requests.map((r) => r.call)).toContain('POST /api/login'));
    await waitFor(() =>
      expect(toastStore.snapshot().at(-1)).toMatchObject({
        title: 'No se pudo iniciar sesión',
        description: 'Correo electrónico o contraseña incorrectos',
      }),
    );
  });

  it('shows a moderation notification in Spanish, and a message’s words as written', () => {
    const base = {
      id: '0190a8f0-0000-7000-8000-0000000000b1',
      userId: '0190a8f0-0000-7000-8000-0000000000b2',
      relatedId: null,
      actorId: null,
      isRead: false,
      createdAt: new Date().toISOString(),
    };
    const list = [
      {
        ...base,
        type: 'report_resolved',
        title: 'Your report was reviewed',
        message: 'Moderators reviewed the post you reported and left it up. Note: Looks fine',
      },
      {
        ...base,
        id: '0190a8f0-0000-7000-8000-0000000000b3',
        type: 'message',
        title: 'Former member sent you a message',
        message: 'Moderators reviewed the post you reported and left it up.',
      },
    ] as Notification[];
    render(
      <ul>
        {groupNotifications(list).map((group) => (
          <NotificationItem key={group.lead.id} group={group} open={() => undefined} />
        ))}
      </ul>,
    );
    expect(screen.getByText('Se revisó tu reporte')).toBeTruthy();
    expect(
      screen.getByText(
        'Los moderadores revisaron la publicación que reportaste y la dejaron. Nota: Looks fine',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Exmiembro te envió un mensaje')).toBeTruthy();
    // A message's text is the sender's, even when it reads like one of the server's sentences.
    expect(screen.getByText('Moderators reviewed the post you reported and left it up.')).toBeTruthy();
  });

  it('names a deleted account and its messages in Spanish', () => {
    expect(displayName({ ...FORMER_MEMBER })).toBe('Exmiembro');
    expect(shownContent(MESSAGE_DELETED)).toBe('Mensaje eliminado');
    expect(shownContent('Hola')).toBe('Hola');
  });

  it('translates page titles, descriptive neighbourhood names and counts', () => {
    expect(metaPresets.home().fullTitle).toBe('Waco Commons | Eventos, cosas en venta, empleos y más');
    expect(documentTitle(metaPresets.forgotPassword())).toBe('¿Olvidaste tu contraseña? | Waco Commons');
    expect(placeName('downtown')).toBe('Centro');
    expect(placeName('cameron_park')).toBe('Cameron Park');
    expect(t('You can only upload {max, plural, one {# file} other {# files}}', { max: 1 })).toBe(
      'Solo puedes subir 1 foto',
    );
    expect(
      t('{max, plural, one {The first one is kept} other {The first # are kept}}; {leftOut} left out.', {
        max: 5,
        leftOut: 1,
      }),
    ).toBe('Se quedan las primeras 5; 1 quedó fuera.');
  });

  it('keeps the English as the spec words it', async () => {
    await activateLanguage('en');
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: MESSAGES.emailInvalidForm,
      password: MESSAGES.passwordRequired,
    });
    expect(metaPresets.home().fullTitle).toBe(HOME_TITLE);
    expect(displayName({ ...FORMER_MEMBER })).toBe('Former member');
    expect(t('You can only upload {max, plural, one {# file} other {# files}}', { max: 5 })).toBe(
      'You can only upload 5 files',
    );
    await activateLanguage('es');
  });
});
