import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { Dialog, type OpenState } from './Dialog';

/**
 * A dialog that is one form (add a business, create a group or an event, change an event): its
 * title names the form too, then its fields (`children`) and its submit button. `onSubmit` runs
 * on the button or Enter, the page not reloaded. One piece so these forms look and behave alike.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  onSubmit,
  submitLabel,
  submitDisabled,
  children,
}: OpenState & {
  title: string;
  onSubmit(): void;
  submitLabel: string;
  submitDisabled: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form
        className="grid grid-cols-1 gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        aria-label={title}
      >
        {children}
        <button type="submit" className={buttonClass('primary', 'md')} disabled={submitDisabled}>
          {submitLabel}
        </button>
      </form>
    </Dialog>
  );
}
