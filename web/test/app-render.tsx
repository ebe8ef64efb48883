import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client';
import { MemoryRouter } from '../src/app/router';
import { CurrentUserProvider } from '../src/features/auth/hooks/current-user';
import { ModalStateProvider } from '../src/ui/modal-state';

/** A stand-in server: an answer per "METHOD /path" (the query string left out). */
export type FakeRoutes = Record<string, (body: unknown) => Response>;

/**
 * Renders a screen as the app does (query client, router, modal counter) with `fetch` answered
 * by `routes`; every request made is in `requests` ("METHOD /path?query", with its JSON body).
 */
export function renderWithApp(ui: ReactNode, routes: FakeRoutes, path = '/') {
  const requests: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ call: `${method} ${url}`, body });
      const answer = routes[`${method} ${url.split('?')[0]}`];
      return answer ? answer(body) : Response.json({ message: 'not here' }, { status: 404 });
    }),
  );
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <TestRouter path={path}>
        <CurrentUserProvider>
          <ModalStateProvider>{ui}</ModalStateProvider>
        </CurrentUserProvider>
      </TestRouter>
    </QueryClientProvider>,
  );
  return { ...view, client, requests };
}

/** The app's router on an address held in memory (the browser's is left alone). */
export function TestRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  return <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
}

/** A signed-in user as `GET /api/user` answers. */
export const SIGNED_IN_USER = {
  id: '0190a8f0-0000-7000-8000-000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  bio: null,
  location: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};
