import { TooltipProvider } from '@radix-ui/react-tooltip';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@waco/contracts';
import { BrowserRouter } from 'react-router-dom';
import { SignInPromptProvider } from '../features/auth/hooks/sign-in-prompt';
import { ModalStateProvider } from '../ui/modal-state';
import { ToastHost } from '../ui/ToastHost';
import { ThemeProvider } from '../ui/theme';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './routes';

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
        </BrowserRouter>
      </TooltipProvider>
    </ThemeProvider>
  );
}
