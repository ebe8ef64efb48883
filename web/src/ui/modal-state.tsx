import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

interface ModalCounter {
  open: number;
  change(delta: number): void;
}

const ModalContext = createContext<ModalCounter>({ open: 0, change: () => {} });

/** Counts the modals on screen; the bottom navigation hides while there is one (spec section 4). */
export function ModalStateProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(0);
  const value = useMemo(
    () => ({ open, change: (delta: number) => setOpen((n) => Math.max(0, n + delta)) }),
    [open],
  );
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

/** A modal calls this while it is open. */
export function useSignalModalOpen(isOpen: boolean) {
  const { change } = useContext(ModalContext);
  useEffect(() => {
    if (!isOpen) return;
    change(1);
    return () => change(-1);
  }, [isOpen, change]);
}

export const useAnyModalOpen = () => useContext(ModalContext).open > 0;
