import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { PersonAvatar } from '../../auth/components/PersonAvatar';
import { displayName } from '../../auth/hooks/current-user';
import { useBlocks, useSetBlocked } from '../hooks/moderation';

/** "Blocked people" (the profile menu): whom one blocked, each with Unblock. */
export function BlockedPeopleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const blocks = useBlocks(open);
  const setBlocked = useSetBlocked();
  const list = blocks.data?.blocks ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Blocked people')}>
      {blocks.isPending ? (
        <p className="text-sm text-muted-foreground">{t('Loading…')}</p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t('You have not blocked anyone.')}</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label={t('Blocked people')}>
          {list.map(({ user }) => (
            <li key={user.id} className="flex items-center gap-3 rounded-xl border px-3 py-2">
              <PersonAvatar person={user} size={36} />
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{displayName(user)}</span>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                disabled={setBlocked.isPending}
                onClick={() =>
                  setBlocked.mutate({ userId: user.id, blocked: false, name: displayName(user) })
                }
              >
                {t('Unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
