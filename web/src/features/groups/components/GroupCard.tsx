import type { Group } from '@waco/contracts';
import { Lock } from 'lucide-react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';
import { ListCard } from '../../../ui/ListPage';
import { MembershipButton } from './MembershipButton';

/** A group in the list to discover: photo, name, place, members, and join or ask to join. */
export function GroupCard({ group }: { group: Group }) {
  return (
    <ListCard
      data-group-id={group.id}
      imageUrl={group.imageUrl}
      name={
        <Link to={`/groups/${group.id}`} className="truncate hover:underline">
          {group.name}
        </Link>
      }
      action={<MembershipButton group={group} size="sm" />}
    >
      <p className="flex flex-wrap items-center gap-x-1 text-sm text-muted-foreground">
        {!group.isPublic && <Lock aria-hidden className="size-3.5" />}
        {!group.isPublic && <span>{t('Private')} · </span>}
        {group.neighborhood && <span>{placeName(group.neighborhood)} · </span>}
        <span>{t('{count, plural, one {# member} other {# members}}', { count: group.membersCount })}</span>
      </p>
    </ListCard>
  );
}
