import { Suspense } from 'react';
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
  // The service worker, online state and update prompt are the browser's alone: not in the
  // server's HTML, mounted once the page is hydrated. (This renders the whole app again, at once,
  // when hydration ends: a long task on a slow phone. Keeping it to a leaf broke the desktop
  // post's photo frame, which needs that render; docs/performance.md says what is left to find.)
  const hydrating = useHydrating();
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
      {!hydrating && (
        <Suspense fallback={null}>
          <PwaStatus />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
