import { type ReactNode, Suspense } from 'react';
import { SignInPromptProvider } from '../features/auth/hooks/sign-in-prompt';
import { lazyPart } from '../ui/lazy-part';
import { ModalStateProvider } from '../ui/modal-state';
import { useHydrating } from '../ui/server-view';
import { ToastHost } from '../ui/ToastHost';
import { ThemeProvider } from '../ui/theme';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './routes';

// Its own chunk, after the first screen: the offline notice, the update prompt, the service worker.
const PwaStatus = lazyPart('PwaStatus', () => import('../features/pwa/components/PwaStatus'));

/** Providers (theme, modals, sign-in prompt, toasts) around the routes. */
export function App() {
  return (
    <ThemeProvider>
      <ModalStateProvider>
        <SignInPromptProvider>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
        </SignInPromptProvider>
      </ModalStateProvider>
      <ToastHost />
      <AfterHydration>
        <Suspense fallback={null}>
          <PwaStatus />
        </Suspense>
      </AfterHydration>
    </ThemeProvider>
  );
}

/**
 * The service worker, online state and update prompt are the browser's alone: not in the server's
 * HTML, mounted once the page is hydrated. A leaf of its own: the hook renders again what is
 * under it when hydration ends, and under `App` that would be the whole page, in one long task.
 */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrating() ? null : children;
}
