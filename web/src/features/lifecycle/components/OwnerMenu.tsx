import type { Post } from '@waco/contracts';
import { CircleCheck, Pencil, RotateCcw, Settings2, Trash2, Undo2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { lazyPart } from '../../../ui/lazy-part';
import { IconMenu, MenuItem, MenuSeparator } from '../../../ui/Menu';
import { PageSpinner } from '../../../ui/PageSpinner';
import { closeLabel, usePostLifecycle } from '../hooks/lifecycle';

const CreatePostForm = lazyPart('CreatePostForm', () => import('../../create/components/CreatePostForm'));

/**
 * The owner's menu on their post (card and detail): Edit, Mark as sold / filled / cancelled or
 * Reopen, Renew, Delete (after a confirmation). Each action says how it went in a toast.
 */
export function OwnerMenu({ post, onDeleted }: { post: Post; onDeleted?(): void }) {
  const lifecycle = usePostLifecycle(post, onDeleted);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <IconMenu label={t('Manage your post')} icon={Settings2}>
        <MenuItem icon={Pencil} onSelect={() => setEditing(true)}>
          {t('Edit')}
        </MenuItem>
        {post.state === 'active' && (
          <MenuItem icon={CircleCheck} onSelect={() => lifecycle.mutate('close')}>
            {t('Mark as')} {closeLabel(post).toLowerCase()}
          </MenuItem>
        )}
        {post.state === 'closed' && (
          <MenuItem icon={Undo2} onSelect={() => lifecycle.mutate('reopen')}>
            {t('Reopen')}
          </MenuItem>
        )}
        {post.state === 'active' && post.pending && (
          <MenuItem icon={Undo2} onSelect={() => lifecycle.mutate('reopen')}>
            {t('Back to available')}
          </MenuItem>
        )}
        {post.state !== 'closed' && (
          <MenuItem icon={RotateCcw} onSelect={() => lifecycle.mutate('renew')}>
            {t('Renew for 30 days')}
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem icon={Trash2} danger onSelect={() => setConfirming(true)}>
          {t('Delete')}
        </MenuItem>
      </IconMenu>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Delete this post?')}
        description={t(
          "It disappears for everyone, and people who saved it will be told. This can't be undone.",
        )}
        cancel={t('Keep it')}
        confirm={t('Delete post')}
        pending={lifecycle.isPending}
        onConfirm={() => lifecycle.mutate('delete', { onSettled: () => setConfirming(false) })}
      />

      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={t('Edit post')}
        hideTitle
        layout="full"
        className="p-4 sm:p-6"
      >
        <Suspense fallback={<PageSpinner />}>
          {editing && <CreatePostForm editing={post} onDone={() => setEditing(false)} />}
        </Suspense>
      </Dialog>
    </>
  );
}
