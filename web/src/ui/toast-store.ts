import { TOAST_DEFAULT_MS, TOAST_LIMIT } from '@waco/contracts';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; 5000 unless said. */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

type Listener = () => void;
let items: ToastItem[] = [];
let nextId = 1;
let shown = false;
const listeners = new Set<Listener>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast. At most one is visible (spec section 9): a new one replaces the one shown. */
export function toast(input: ToastInput): number {
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_MS,
    open: true,
  };
  items = [item, ...items].slice(0, TOAST_LIMIT);
  shown = true;
  emit();
  return item.id;
}

/** Starts a toast's closing animation; it is removed shortly after. */
export function dismissToast(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, 200);
}

const NONE: ToastItem[] = [];

export const toastStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => items,
  none: () => NONE,
  /** Whether any toast was ever shown (the toast area stays mounted from then on). */
  everShown: () => shown,
};
