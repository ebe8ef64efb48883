import type { ReportTargetType } from '@waco/contracts';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { DialogButton } from '../../../ui/DialogButton';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { ReportDialog } from './ReportDialog';

const LABELS = { group: msg('Report group'), event: msg('Report event') };

/**
 * "Report" on a group's or an event's page, for a signed-in member who is not its owner
 * (`ownerId`; null when the page does not tell, as a private group to an outsider).
 */
export function ReportButton({
  type,
  id,
  ownerId,
  className,
}: {
  type: 'group' | 'event';
  id: string;
  ownerId: string | null;
  className?: string;
}) {
  const { user } = useCurrentUser();
  const [reporting, setReporting] = useState<{ type: ReportTargetType; id: string } | null>(null);
  if (!user || user.id === ownerId) return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass('ghost', 'sm', cn('justify-self-start', className))}
        onClick={() => setReporting({ type, id })}
      >
        <Flag aria-hidden className="size-4" />
        {t(LABELS[type])}
      </button>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </>
  );
}

/** "Report …" as a plain small button (a business, a review), opening the report dialog for `target`. */
export function ReportTextButton({
  label,
  target,
}: {
  label: string;
  target: { type: ReportTargetType; id: string };
}) {
  return (
    <DialogButton
      label={label}
      variant="ghost"
      dialog={({ open, onOpenChange }) => (
        <ReportDialog target={open ? target : null} onClose={() => onOpenChange(false)} />
      )}
    />
  );
}
