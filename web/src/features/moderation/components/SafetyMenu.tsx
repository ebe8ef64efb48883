import type { ReportTargetType } from '@waco/contracts';
import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { t } from '../../../i18n/i18n';
import { IconMenu } from '../../../ui/Menu';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { BlockDialog, type BlockTarget } from './BlockDialog';
import { ReportDialog } from './ReportDialog';
import { SafetyMenuItems } from './SafetyMenuItems';

type Target = { type: ReportTargetType; id: string };

/** A "More options" menu holding only Report and Block (a profile, a conversation). */
export function SafetyMenu({ target, person }: { target: Target; person: { id: string; name: string } }) {
  const { user } = useCurrentUser();
  const [reporting, setReporting] = useState<Target | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  if (!user || user.id === person.id) return null;
  return (
    <>
      <IconMenu label={t('More options')} icon={Ellipsis}>
        <SafetyMenuItems target={target} person={person} onReport={setReporting} onBlock={setBlocking} />
      </IconMenu>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <BlockDialog person={blocking} onClose={() => setBlocking(null)} />
    </>
  );
}
