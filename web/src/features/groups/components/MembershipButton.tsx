import type { Group } from '@waco/contracts';
import { t } from '../../../i18n/i18n';
import { type ButtonSize, buttonClass } from '../../../ui/button';
import { useJoinGroup } from '../hooks/groups';

/** Join (a public group), Ask to join (a private one), Requested, or Leave for a member. */
export function MembershipButton({ group, size = 'md' }: { group: Group; size?: ButtonSize }) {
  const join = useJoinGroup(group.id);
  const { status } = group.membership;
  if (status === 'requested') {
    return (
      <span className={buttonClass('secondary', size, 'pointer-events-none')} aria-live="polite">
        {t('Requested')}
      </span>
    );
  }
  if (status === 'member') {
    return (
      <button
        type="button"
        className={buttonClass('outline', size)}
        disabled={join.isPending}
        onClick={() => join.mutate(false)}
        aria-label={t('Leave {name}', { name: group.name })}
      >
        {t('Leave')}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass('primary', size)}
      disabled={join.isPending}
      onClick={() => join.mutate(true)}
      aria-label={
        group.isPublic
          ? t('Join {name}', { name: group.name })
          : t('Ask to join {name}', { name: group.name })
      }
    >
      {group.isPublic ? t('Join') : t('Ask to join')}
    </button>
  );
}
