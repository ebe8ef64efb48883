import { TooltipProvider } from '@radix-ui/react-tooltip';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@waco/contracts';
import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { SignInPromptProvider } from '../features/auth/hooks/sign-in-prompt';
import { ModalStateProvider } from '../ui/modal-state';
import { ToastHost } from '../ui/ToastHost';
import { ThemeProvider } from '../ui/theme';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './routes';

// Its own chunk, after the first screen: the offline notice, the update prompt, the service worker.
const PwaStatus = lazy(() => import('../features/pwa/components/PwaStatus'));

/** Providers (theme, tooltips, modals, sign-in prompt, toasts) around the routes. */
export function App() {
  return (
    <ThemeProvider>
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <BrowserRouter>
          <ModalStateProvider>
            <SignInPromptProvider>
              <ErrorBoundary>
                <AppRoutes />
              </ErrorBoundary>
            </SignInPromptProvider>
          </ModalStateProvider>
          <ToastHost />
          <Suspense fallback={null}>
            <PwaStatus />
          </Suspense>
        </BrowserRouter>
      </TooltipProvider>
    </ThemeProvider>
  );
}
