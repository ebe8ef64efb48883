import type { Group } from '@waco/contracts';
import { Lock } from 'lucide-react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';
import { GroupPhoto } from './GroupPhoto';
import { MembershipButton } from './MembershipButton';

/** A group in the list to discover: photo, name, place, members, and join or ask to join. */
export function GroupCard({ group }: { group: Group }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border bg-card p-3" data-group-id={group.id}>
      <GroupPhoto path={group.imageUrl} className="size-16 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">
          <Link to={`/groups/${group.id}`} className="hover:underline">
            {group.name}
          </Link>
        </h2>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          {!group.isPublic && <Lock aria-hidden className="size-3.5" />}
          {!group.isPublic && <span>{t('Private')} · </span>}
          {group.neighborhood && <span>{placeName(group.neighborhood)} · </span>}
          <span>{t('{count, plural, one {# member} other {# members}}', { count: group.membersCount })}</span>
        </p>
      </div>
      <MembershipButton group={group} size="sm" />
    </li>
  );
}
