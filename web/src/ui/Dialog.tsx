import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import {
  type ComponentPropsWithoutRef,
  createContext,
  Fragment,
  type ReactNode,
  useContext,
  useId,
} from 'react';
import { t } from '../i18n/i18n';
import { cn } from './cn';
import { useSignalModalOpen } from './modal-state';

/** Whether a dialog is open, and how it asks to close: what a page hands each of its dialogs. */
export interface OpenState {
  open: boolean;
  onOpenChange(open: boolean): void;
}

interface DialogProps extends OpenState {
  /** Omitted when the content renders its own `DialogTitle` (a visible heading in the content). */
  title?: ReactNode;
  /** Hidden titles still name the dialog for screen readers. */
  hideTitle?: boolean;
  description?: ReactNode;
  hideDescription?: boolean;
  children: ReactNode;
  /** "center": a card; "full": the whole screen (post detail, search). */
  layout?: 'center' | 'full';
  className?: string;
  showClose?: boolean;
  /** Shown above the title (a logo, a picture). */
  lead?: ReactNode;
  /** Focus the first control on open (default); otherwise the dialog itself takes focus. */
  autoFocusFirst?: boolean;
  /**
   * Rendered where it stands rather than in a portal at the end of the body: a portal renders
   * only in the browser, so a dialog that is the page's first view (a post opened at its own
   * address) is rendered on the server, and hydrated, inline. Still a modal: fixed over the page,
   * the focus kept in it, the rest hidden from screen readers.
   */
  inline?: boolean;
}

/** An accessible modal (Radix Dialog) that also hides the bottom navigation while open. */
export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  hideDescription,
  children,
  layout = 'center',
  className,
  showClose = true,
  lead,
  autoFocusFirst = true,
  inline = false,
}: DialogProps) {
  useSignalModalOpen(open);
  const Container = inline ? Fragment : DialogPrimitive.Portal;
  const titleId = useId();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <Container>
        <DialogPrimitive.Overlay className="overlay-anim fixed inset-0 z-50 bg-overlay backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Named by its title from the first render. Radix names it only once its title has
          // counted itself in a layout effect, so the server's HTML had no name, and a hydrated
          // dialog (a post opened at its address) kept none: that count's render did not reach
          // the page's DOM.
          aria-labelledby={titleId}
          onOpenAutoFocus={
            autoFocusFirst
              ? undefined
              : (event) => {
                  event.preventDefault();
                  // A control inside that asks for the focus (data-autofocus) gets it here, where
                  // no later effect of the dialog's can take it back; otherwise the dialog itself.
                  const content = event.currentTarget as HTMLElement | null;
                  (content?.querySelector<HTMLElement>('[data-autofocus]') ?? content)?.focus({
                    preventScroll: true,
                  });
                }
          }
          tabIndex={-1}
          className={cn(
            'fixed z-50 bg-card text-card-foreground shadow-2xl outline-none',
            // Radix turns the body's pointer events off as a modal opens and gives its content
            // `pointer-events: auto` only at a later render of its layer (radix-ui/primitives#4093).
            // A hydrated dialog gets no such render (nothing renders the page again after
            // hydration), so clicks went through it: its content takes them itself (a layer
            // opened above it still turns them off by its inline style).
            inline && 'pointer-events-auto',
            layout === 'center'
              ? 'dialog-anim top-1/2 left-1/2 max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border p-6'
              : 'sheet-anim inset-0 overflow-y-auto sm:inset-y-4 sm:left-1/2 sm:w-full sm:max-w-2xl sm:-translate-x-1/2 sm:rounded-2xl sm:border',
            className,
          )}
        >
          <TitleId.Provider value={titleId}>
            {lead}
            {title !== undefined && (
              <DialogPrimitive.Title
                id={titleId}
                className={hideTitle ? 'sr-only' : 'text-xl font-bold tracking-tight'}
              >
                {title}
              </DialogPrimitive.Title>
            )}
            {description ? (
              <DialogPrimitive.Description
                className={hideDescription ? 'sr-only' : 'mt-1 text-sm text-muted-foreground'}
              >
                {description}
              </DialogPrimitive.Description>
            ) : null}
            {children}
            {showClose && (
              <DialogPrimitive.Close
                aria-label={t('Close')}
                className="absolute top-3 right-3 z-10 grid size-9 place-items-center rounded-full bg-card/80 text-muted-foreground backdrop-blur hover:bg-muted hover:text-foreground"
              >
                <X aria-hidden className="size-5" />
              </DialogPrimitive.Close>
            )}
          </TitleId.Provider>
        </DialogPrimitive.Content>
      </Container>
    </DialogPrimitive.Root>
  );
}

/** The id the dialog is named by (its `aria-labelledby`), for the title inside it. */
const TitleId = createContext<string | undefined>(undefined);

/** The dialog's name, when the content shows it itself. */
export function DialogTitle(props: ComponentPropsWithoutRef<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title id={useContext(TitleId)} {...props} />;
}
