import { Suspense } from 'react';
import { CurrentUserProvider } from '../features/auth/hooks/current-user';
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

/**
 * What is the browser's alone (the service worker, online state, update prompt): not in the
 * server's HTML, mounted once the page is hydrated. A leaf, so the render that follows hydration
 * is its own: in `App`, the hook rendered the whole page a second time, synchronously, as
 * hydration ended (a long task of hundreds of milliseconds on a slow phone).
 */
function AfterHydration() {
  const hydrating = useHydrating();
  return hydrating ? null : (
    <Suspense fallback={null}>
      <PwaStatus />
    </Suspense>
  );
}

/** Providers (theme, who is signed in, modals, sign-in prompt, toasts) around the routes. */
export function App() {
  return (
    <ThemeProvider>
      <CurrentUserProvider>
        <ModalStateProvider>
          <SignInPromptProvider>
            <ErrorBoundary>
              <AppRoutes />
            </ErrorBoundary>
          </SignInPromptProvider>
        </ModalStateProvider>
        <ToastHost />
        <AfterHydration />
      </CurrentUserProvider>
    </ThemeProvider>
  );
}
