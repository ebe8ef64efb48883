import * as ToastPrimitive from '@radix-ui/react-toast';
import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { t } from '../i18n/i18n';
import { cn } from './cn';
import { dismissToast, toastStore } from './toast-store';

const closeClass =
  'absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100';

/** The toast area: top of the screen on phones, bottom-right from the `sm` width on. */
export default function Toaster() {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot);
  return (
    // Radix's own labels are English ("Notification", "Notifications (F8)"): given in the reader's
    // language; Radix puts the shortcut in for {hotkey}.
    <ToastPrimitive.Provider swipeDirection="right" label={t('Notification')}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            item.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          {item.variant === 'success' && (
            <CheckCircle2
              aria-hidden
              className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
            />
          )}
          {item.variant === 'destructive' && <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />}
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close aria-label={t('Close')} className={closeClass}>
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={t('Notifications ({hotkey})', { hotkey: '{hotkey}' })}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
