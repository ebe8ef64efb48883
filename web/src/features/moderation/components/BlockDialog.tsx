import { t } from '../../../i18n/i18n';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSetBlocked } from '../hooks/moderation';

export type BlockTarget = { id: string; name: string };

/**
 * "Block {name}?": what blocking does, then Block or Cancel. A block hides a member's posts
 * and cuts the messages both ways, so it is never one tap.
 */
export function BlockDialog({ person, onClose }: { person: BlockTarget | null; onClose(): void }) {
  const setBlocked = useSetBlocked();
  const name = person?.name ?? '';
  return (
    <ConfirmDialog
      open={person !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('Block {name}?', { name })}
      description={t(
        "You won't see their posts, and neither of you can message the other. You won't get notifications from them. They aren't told.",
      )}
      cancel={t('Cancel')}
      confirm={t('Block')}
      pending={setBlocked.isPending}
      onConfirm={() =>
        person &&
        setBlocked.mutate({ userId: person.id, blocked: true, name: person.name }, { onSettled: onClose })
      }
    >
      <p className="mt-3 text-sm text-muted-foreground">
        {t('You can unblock them anytime from Blocked people in your profile menu.')}
      </p>
    </ConfirmDialog>
  );
}
