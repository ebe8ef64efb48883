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
  const leave = status === 'member';
  const [label, name] = words(group, leave);
  return (
    <button
      type="button"
      className={buttonClass(leave ? 'outline' : 'primary', size)}
      disabled={join.isPending}
      onClick={() => join.mutate(!leave)}
      aria-label={name}
    >
      {label}
    </button>
  );
}

/** The button's text and its accessible name (with the group's name): Leave, Join or Ask to join. */
function words(group: Group, leave: boolean): [label: string, name: string] {
  const name = group.name;
  if (leave) return [t('Leave'), t('Leave {name}', { name })];
  if (group.isPublic) return [t('Join'), t('Join {name}', { name })];
  return [t('Ask to join'), t('Ask to join {name}', { name })];
}
