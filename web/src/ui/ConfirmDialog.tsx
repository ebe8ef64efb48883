import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  /** More to read before choosing, under the description. */
  children?: ReactNode;
  /** The label of the button that keeps things as they are (it only closes the dialog). */
  cancel: string;
  /** The label of the button that does the harm. */
  confirm: string;
  /** While the action runs: the confirm button is off, so that a second tap does it once. */
  pending: boolean;
  onConfirm(): void;
}

/**
 * A question before something that cannot be taken back (delete a post, block a member): a
 * danger button to go on, a quiet one to keep things as they are.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  cancel,
  confirm,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children}
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClass('ghost')} onClick={() => onOpenChange(false)}>
          {cancel}
        </button>
        <button type="button" className={buttonClass('danger')} disabled={pending} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}
