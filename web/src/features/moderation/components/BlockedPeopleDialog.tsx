import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { PersonRow } from '../../auth/components/PersonRow';
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
            <PersonRow key={user.id} person={user} boxed>
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
            </PersonRow>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
