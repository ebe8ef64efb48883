import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Post } from '@waco/contracts';
import { CircleCheck, Pencil, RotateCcw, Settings2, Trash2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { PageSpinner } from '../../../ui/PageSpinner';
import { closeLabel, usePostLifecycle } from '../hooks/lifecycle';

const CreatePostForm = lazy(() => import('../../create/components/CreatePostForm'));

const menuItem =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm outline-none select-none data-[highlighted]:bg-muted';

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
      <Menu.Root modal={false}>
        <Menu.Trigger
          aria-label="Manage your post"
          className="grid size-9 place-items-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Settings2 aria-hidden className="size-5" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={6}
            className="menu-anim z-[60] min-w-52 rounded-xl border bg-card p-1 text-card-foreground shadow-xl"
          >
            <Menu.Item className={menuItem} onSelect={() => setEditing(true)}>
              <Pencil aria-hidden className="size-4" /> Edit
            </Menu.Item>
            {post.state === 'active' && (
              <Menu.Item className={menuItem} onSelect={() => lifecycle.mutate('close')}>
                <CircleCheck aria-hidden className="size-4" /> Mark as {closeLabel(post).toLowerCase()}
              </Menu.Item>
            )}
            {post.state === 'closed' && (
              <Menu.Item className={menuItem} onSelect={() => lifecycle.mutate('reopen')}>
                <Undo2 aria-hidden className="size-4" /> Reopen
              </Menu.Item>
            )}
            {post.state !== 'closed' && (
              <Menu.Item className={menuItem} onSelect={() => lifecycle.mutate('renew')}>
                <RotateCcw aria-hidden className="size-4" /> Renew for 30 days
              </Menu.Item>
            )}
            <Menu.Separator className="my-1 h-px bg-border" />
            <Menu.Item
              className={`${menuItem} text-red-600 dark:text-red-400`}
              onSelect={() => setConfirming(true)}
            >
              <Trash2 aria-hidden className="size-4" /> Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this post?"
        description="It disappears for everyone, and people who saved it will be told. This can't be undone."
      >
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={buttonClass('ghost')} onClick={() => setConfirming(false)}>
            Keep it
          </button>
          <button
            type="button"
            className={buttonClass('danger')}
            disabled={lifecycle.isPending}
            onClick={() => lifecycle.mutate('delete', { onSettled: () => setConfirming(false) })}
          >
            Delete post
          </button>
        </div>
      </Dialog>

      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title="Edit post"
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
