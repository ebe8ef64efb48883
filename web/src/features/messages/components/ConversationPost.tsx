import type { ConversationPost as Post } from '@waco/contracts';
import { ImageOff, Tag } from 'lucide-react';
import { Link } from '../../../app/router';
import { msg, t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

/** Shown instead of a post that was deleted or hidden since the conversation named it. */
export const POST_UNAVAILABLE = msg('Post no longer available');

/**
 * The post a conversation is about: its first photo and title, linking to it; a neutral
 * line, without a link, once it is deleted or hidden. Beside a list row (not inside its button:
 * a link in a button is not reachable on its own) and under the thread's header.
 */
export function ConversationPost({ post, className }: { post: Post | undefined; className?: string }) {
  if (!post) return null;
  const box = cn('flex min-w-0 items-center gap-2 text-sm', className);
  if (!post.available || post.title === null)
    return (
      <p className={cn(box, 'text-muted-foreground')} data-testid="conversation-post">
        <span className="grid size-8 shrink-0 place-items-center rounded-md bg-muted">
          <ImageOff aria-hidden className="size-4" />
        </span>
        <span className="truncate">{t(POST_UNAVAILABLE)}</span>
      </p>
    );
  return (
    <Link to={`/post/${post.id}`} className={cn(box, 'hover:underline')} data-testid="conversation-post">
      {post.thumbnailUrl ? (
        <img
          src={post.thumbnailUrl}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          className="size-8 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span className="grid size-8 shrink-0 place-items-center rounded-md bg-muted text-muted-foreground">
          <Tag aria-hidden className="size-4" />
        </span>
      )}
      <span className="truncate font-medium">{post.title}</span>
    </Link>
  );
}
