import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from '@waco/contracts';
import { useState } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog } from '../../../ui/Dialog';
import { useReport } from '../hooks/moderation';

const WHAT: Record<ReportTargetType, string> = {
  post: msg('Report this post'),
  user: msg('Report this member'),
  message: msg('Report this message'),
  comment: msg('Report this comment'),
  business: msg('Report this business'),
  review: msg('Report this review'),
  group: msg('Report this group'),
  event: msg('Report this event'),
};

/** Report a post, a comment, a member, a message, a group or an event: a reason, and optionally what moderators should know. */
export function ReportDialog({
  target,
  onClose,
}: {
  target: { type: ReportTargetType; id: string } | null;
  onClose(): void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const report = useReport();
  const close = () => {
    setReason(null);
    setDetails('');
    onClose();
  };
  if (!target) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t(WHAT[target.type])}
      description={t('Moderators review every report. The member is not told who reported them.')}
    >
      <form
        className="mt-3 grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) return;
          report.mutate(
            { targetType: target.type, targetId: target.id, reason, details: details.trim() || undefined },
            { onSuccess: close },
          );
        }}
      >
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-semibold">{t('Why are you reporting it?')}</legend>
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm',
                reason === value ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {t(REPORT_REASON_LABELS[value])}
            </label>
          ))}
        </fieldset>
        <label className="grid gap-1 text-sm font-semibold">
          {t('Anything moderators should know? (optional)')}
          <textarea
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            maxLength={1000}
            rows={3}
            className="rounded-xl border bg-background px-3 py-2 text-sm font-normal"
          />
        </label>
        <div className="mt-1 flex justify-end gap-2">
          <button type="button" className={buttonClass('outline')} onClick={close}>
            {t('Cancel')}
          </button>
          <button type="submit" className={buttonClass('danger')} disabled={!reason || report.isPending}>
            {report.isPending ? t('Sending…') : t('Send report')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
