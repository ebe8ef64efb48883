import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { lazyPart } from '../../../ui/lazy-part';

const SignInPromptDialog = lazyPart('SignInPromptDialog', () => import('../components/SignInPromptDialog'));

type OpenPrompt = (action: string) => void;
const PromptContext = createContext<OpenPrompt>(() => {});

/** Opens the "Join Waco Commons to {action}" prompt; its dialog code loads on first use. */
export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const [action, setAction] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = useCallback((next: string) => {
    setLoaded(true);
    setAction(next);
  }, []);
  const value = useMemo(() => open, [open]);
  return (
    <PromptContext.Provider value={value}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <SignInPromptDialog action={action} onClose={() => setAction(null)} />
        </Suspense>
      )}
    </PromptContext.Provider>
  );
}

/** `prompt("like this post")` opens the sign-in prompt with that action. */
export const useSignInPrompt = () => useContext(PromptContext);
