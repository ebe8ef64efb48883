import { type ReactNode, useState } from 'react';
import { type ButtonVariant, buttonClass } from './button';
import type { OpenState } from './Dialog';

/**
 * A small button that opens a dialog (edit the details, report): `dialog` draws the dialog from
 * whether it is open and how it asks to close.
 */
export function DialogButton({
  label,
  variant,
  dialog,
}: {
  label: string;
  variant: ButtonVariant;
  dialog(state: OpenState): ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass(variant, 'sm')} onClick={() => setOpen(true)}>
        {label}
      </button>
      {dialog({ open, onOpenChange: setOpen })}
    </>
  );
}
