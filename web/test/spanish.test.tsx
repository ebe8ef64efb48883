// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, messageOf } from '../src/api/http';
import { CategoryBadge, PostFacts } from '../src/features/post/components/PostMeta';
import { LanguageRoot } from '../src/i18n/LanguageRoot';
import { browserLanguage, currentLanguage } from '../src/i18n/language';
import { activateLanguage } from '../src/i18n/load-language';
import { timeAgo } from '../src/lib/format';
import WelcomePage from '../src/pages/WelcomePage';
import { ThemeProvider } from '../src/ui/theme';
import { TestRouter } from './app-render';

afterEach(cleanup);
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
