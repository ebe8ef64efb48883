import type { ReportTargetType } from '@waco/contracts';
import { Ban, Flag } from 'lucide-react';
import { msg, t } from '../../../i18n/i18n';
import { MenuItem, MenuSeparator } from '../../../ui/Menu';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useBlocks, useSetBlocked } from '../hooks/moderation';
import type { BlockTarget } from './BlockDialog';

/** What the Report item names: the post or the message (a member is named by their name). */
const REPORT_LABELS = {
  post: msg('Report post'),
  message: msg('Report message'),
  comment: msg('Report comment'),
  business: msg('Report business'),
  review: msg('Report review'),
  group: msg('Report group'),
  event: msg('Report event'),
};

/**
 * "Report" and "Block" in a menu (a post's, a profile's, a conversation's), for a signed-in
 * member looking at someone else's things. `onReport` opens the report dialog, `onBlock` the
 * block's confirmation (both live outside the menu, which closes on a choice).
 */
export function SafetyMenuItems({
  target,
  person,
  onReport,
  onBlock,
}: {
  target: { type: ReportTargetType; id: string };
  person: BlockTarget;
  onReport(target: { type: ReportTargetType; id: string }): void;
  /** Opens the confirmation of a block (`BlockDialog`); unblocking needs none. */
  onBlock(person: BlockTarget): void;
}) {
  const { user } = useCurrentUser();
  const blocks = useBlocks(Boolean(user) && user?.id !== person.id);
  const setBlocked = useSetBlocked();
  if (!user || user.id === person.id) return null;
  const blocked = blocks.data?.blocks.some((b) => b.user.id === person.id) ?? false;
  const reportLabel =
    target.type === 'user' ? t('Report {name}', { name: person.name }) : t(REPORT_LABELS[target.type]);
  return (
    <>
      <MenuSeparator />
      <MenuItem icon={Flag} onSelect={() => onReport(target)}>
        {reportLabel}
      </MenuItem>
      <MenuItem
        icon={Ban}
        danger
        onSelect={() =>
          blocked
            ? setBlocked.mutate({ userId: person.id, blocked: false, name: person.name })
            : onBlock(person)
        }
      >
        {blocked ? t('Unblock {name}', { name: person.name }) : t('Block {name}', { name: person.name })}
      </MenuItem>
    </>
  );
}
