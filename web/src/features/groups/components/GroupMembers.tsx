import type { GroupRole } from '@waco/contracts';
import { msg, t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { displayName } from '../../auth/hooks/current-user';
import { useGroupMembers, useRemoveGroupMember, useSetGroupRole } from '../hooks/groups';
import { PeopleSection, PersonRow } from './PersonRow';

const ROLE_NAMES: Record<GroupRole, string> = {
  member: msg('Member'),
  moderator: msg('Moderator'),
  admin: msg('Admin'),
};

/** A group's members with their roles; its admins promote, demote and remove. */
export function GroupMembers({
  groupId,
  myRole,
  myId,
}: {
  groupId: string;
  myRole: GroupRole | null;
  myId: string;
}) {
  const members = useGroupMembers(groupId, true);
  const setRole = useSetGroupRole(groupId);
  const remove = useRemoveGroupMember(groupId);
  const isAdmin = myRole === 'admin';
  return (
    <PeopleSection id="group-members" title={t('Members')}>
      {members.data?.map((member) => {
        const name = displayName(member);
        // An admin is demoted to member; anyone else is promoted to admin.
        const promote = member.role !== 'admin';
        return (
          <PersonRow key={member.userId} person={member} note={t(ROLE_NAMES[member.role])}>
            {isAdmin && member.userId !== myId && (
              <div className="flex gap-1">
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm', 'px-2')}
                  onClick={() =>
                    setRole.mutate({ userId: member.userId, role: promote ? 'admin' : 'member' })
                  }
                  aria-label={
                    promote ? t('Promote {name} to admin', { name }) : t('Demote {name} to member', { name })
                  }
                >
                  {promote ? t('Promote') : t('Demote')}
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm', 'px-2 text-red-600 dark:text-red-400')}
                  onClick={() => remove.mutate(member.userId)}
                  aria-label={t('Remove {name} from the group', { name })}
                >
                  {t('Remove')}
                </button>
              </div>
            )}
          </PersonRow>
        );
      })}
    </PeopleSection>
  );
}
