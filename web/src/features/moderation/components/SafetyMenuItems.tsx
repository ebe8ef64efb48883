import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReportTargetType } from '@waco/contracts';
import { Ban, Flag } from 'lucide-react';
import { menuItemClass } from '../../../ui/OptionsMenu';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useBlocks, useSetBlocked } from '../hooks/moderation';

/**
 * "Report" and "Block" in a dropdown menu (a post's, a profile's, a conversation's), for a
 * signed-in member looking at someone else's things. `onReport` opens the report dialog.
 */
export function SafetyMenuItems({
  target,
  person,
  onReport,
}: {
  target: { type: ReportTargetType; id: string };
  person: { id: string; name: string };
  onReport(target: { type: ReportTargetType; id: string }): void;
}) {
  const { user } = useCurrentUser();
  const blocks = useBlocks(Boolean(user) && user?.id !== person.id);
  const setBlocked = useSetBlocked();
  if (!user || user.id === person.id) return null;
  const blocked = blocks.data?.blocks.some((b) => b.user.id === person.id) ?? false;
  const what = target.type === 'post' ? 'post' : target.type === 'message' ? 'message' : person.name;
  return (
    <>
      <Menu.Separator className="my-1 h-px bg-border" />
      <Menu.Item className={menuItemClass} onSelect={() => onReport(target)}>
        <Flag aria-hidden className="size-4" /> Report {what}
      </Menu.Item>
      <Menu.Item
        className={`${menuItemClass} text-red-600 dark:text-red-400`}
        onSelect={() => setBlocked.mutate({ userId: person.id, blocked: !blocked, name: person.name })}
      >
        <Ban aria-hidden className="size-4" /> {blocked ? `Unblock ${person.name}` : `Block ${person.name}`}
      </Menu.Item>
    </>
  );
}
