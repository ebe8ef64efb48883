import type { Post } from '@waco/contracts';
import { MessageCircle } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { buttonClass } from '../../../ui/button';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';
import { commentsOf, useAddComment, useComments, useLiveThread } from '../hooks/comments';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

/**
 * A post's comments, under it: the count, the box to write one (a guest's opens the join prompt,
 * "comment on this post"), and the thread, oldest first, each reply under its comment, with
 * "More comments" for the next page.
 */
export function CommentThread({ post }: { post: Post }) {
  const { user, isSignedIn } = useCurrentUser();
  const prompt = useSignInPrompt();
  const live = useLiveThread(post.id);
  const query = useComments(post.id, live);
  const add = useAddComment(post.id);
  const comments = commentsOf(query.data?.pages);
  const count = query.data?.pages[0]?.total ?? post.commentsCount;
  return (
    <section
      aria-labelledby="comments-heading"
      className="grid gap-3"
      data-testid="comments"
      data-live={live ? 'on' : 'off'}
    >
      <h2 id="comments-heading" className="flex items-center gap-2 text-lg font-bold">
        <MessageCircle aria-hidden className="size-5" />
        {t('Comments')}
        <span className="text-muted-foreground tabular-nums" data-testid="thread-count">
          {count}
        </span>
      </h2>
      {isSignedIn ? (
        <CommentComposer
          label={t('Write a comment')}
          placeholder={t('Write a comment…')}
          submitLabel={t('Comment')}
          onSubmit={(content, mentions) => add.mutateAsync({ content, mentions })}
        />
      ) : (
        <button
          type="button"
          className="h-11 w-full rounded-2xl border bg-background px-4 text-left text-[15px] text-muted-foreground"
          onClick={() => prompt(PROTECTED_ACTIONS.comment)}
        >
          {t('Write a comment…')}
        </button>
      )}
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">{t('Loading comments…')}</p>
      ) : query.isError ? (
        <p className="text-sm text-muted-foreground">{t('Comments could not be loaded.')}</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No comments yet. Ask a question or say hello.')}</p>
      ) : (
        <ul aria-label={t('Comments')} className="grid">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} viewerId={user?.id ?? null} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={buttonClass('outline', 'sm', 'justify-self-start')}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('More comments')}
        </button>
      )}
    </section>
  );
}
