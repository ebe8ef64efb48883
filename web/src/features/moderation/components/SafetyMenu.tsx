import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReportTargetType } from '@waco/contracts';
import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { ReportDialog } from './ReportDialog';
import { SafetyMenuItems } from './SafetyMenuItems';

type Target = { type: ReportTargetType; id: string };

/** A "More options" menu holding only Report and Block (a profile, a conversation). */
export function SafetyMenu({ target, person }: { target: Target; person: { id: string; name: string } }) {
  const { user } = useCurrentUser();
  const [reporting, setReporting] = useState<Target | null>(null);
  if (!user || user.id === person.id) return null;
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger
          aria-label="More options"
          className="grid size-9 shrink-0 place-items-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Ellipsis aria-hidden className="size-5" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={6}
            className="menu-anim z-[60] min-w-52 rounded-xl border bg-card p-1 text-card-foreground shadow-xl"
          >
            <SafetyMenuItems target={target} person={person} onReport={setReporting} />
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </>
  );
}
