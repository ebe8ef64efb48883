import { COMMENT_MAX_DEPTH, type Comment } from '@waco/contracts';
import { EyeOff, Flag, Heart, MessageCircleReply, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { timeAgo } from '../../../lib/format';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { displayName } from '../../auth/hooks/current-user';
import { ReportDialog } from '../../moderation/components/ReportDialog';
import { MentionedText } from '../../post/components/MentionedText';
import { ProfileAvatarLink } from '../../post/components/PostAuthor';
import { BadgeMarks, VerifiedMark } from '../../profile/components/MemberMarks';
import { useAddComment, useDeleteComment, useEditComment, useLikeComment } from '../hooks/comments';
import { CommentComposer } from './CommentComposer';

const action =
  'inline-flex h-9 min-w-9 items-center gap-1 rounded-full px-2 text-xs font-semibold text-muted-foreground transition-colors hover:bg-muted';

/**
 * The words of a comment's less used actions (Report, Edit, Delete): only the icon on a phone,
 * where a reply's row is narrow and four labels wrap; the word stays the button's name.
 */
const SecondaryLabel = ({ children }: { children: string }) => (
  <span className="sr-only sm:not-sr-only">{children}</span>
);

/** How far a comment at this depth is indented: less on a phone, where width is short. */
const INDENT = ['', 'ml-6 sm:ml-11', 'ml-12 sm:ml-22'];

/**
 * One comment of the thread: who wrote it (marked when it is the post's author), when, whether
 * edited, the text, and its actions. A guest's Reply and Like open the join prompt (the hooks'
 * 401). A deleted comment that still has replies reads "Comment deleted", without actions; one
 * hidden by moderators reads so to everyone but its writer, who sees it marked. A member may report
 * anyone else's comment.
 */
export function CommentItem({ comment, viewerId }: { comment: Comment; viewerId: string | null }) {
  const [mode, setMode] = useState<'read' | 'reply' | 'edit' | 'confirm-delete'>('read');
  const [reporting, setReporting] = useState(false);
  const add = useAddComment(comment.postId);
  const edit = useEditComment(comment.postId);
  const remove = useDeleteComment(comment.postId);
  const like = useLikeComment(comment.postId);
  const own = viewerId === comment.userId;
  const name = displayName(comment.user);
  const indent = INDENT[Math.min(comment.depth, COMMENT_MAX_DEPTH) - 1];
  if (comment.deleted || (comment.hidden && !own))
    return (
      <li className={cn('py-2 text-sm text-muted-foreground italic', indent)} data-comment-id={comment.id}>
        {comment.deleted ? t('Comment deleted') : t('Comment hidden by moderators')}
      </li>
    );
  return (
    <li className={cn('flex gap-2.5 py-2', indent)} data-comment-id={comment.id} data-depth={comment.depth}>
      <ProfileAvatarLink
        userId={comment.userId}
        user={comment.user}
        size={comment.depth > 1 ? 28 : 36}
        className="shrink-0"
      />
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-muted px-3 py-2">
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <Link to={`/user/${comment.userId}`} className="font-semibold hover:underline">
              {name}
            </Link>
            {comment.user.isVerified && <VerifiedMark />}
            <BadgeMarks badges={comment.user.badges} />
            {comment.isPostAuthor && (
              <span className="rounded-full bg-primary-soft px-2 py-0.5 text-[11px] font-semibold text-primary-soft-foreground">
                {t('Author')}
              </span>
            )}
          </p>
          {mode === 'edit' ? (
            <div className="mt-1">
              <CommentComposer
                label={t('Edit your comment')}
                placeholder={t('Write a comment…')}
                initial={comment.content}
                initialMentions={comment.mentions.map((m) => ({
                  userId: m.userId,
                  name: comment.content.slice(m.start + 1, m.end),
                }))}
                submitLabel={t('Save')}
                autoFocus
                onSubmit={async (content, mentions) => {
                  await edit.mutateAsync({ id: comment.id, content, mentions });
                  setMode('read');
                }}
                onCancel={() => setMode('read')}
              />
            </div>
          ) : (
            <p className="text-[15px] leading-relaxed break-words whitespace-pre-line">
              <MentionedText text={comment.content} mentions={comment.mentions} />
            </p>
          )}
          {comment.hidden && (
            <p className="mt-1 flex items-center gap-1 text-xs font-medium text-muted-foreground">
              <EyeOff aria-hidden className="size-3.5" />
              {t('Hidden by moderators: only you can see it')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-1 pl-1">
          <time dateTime={comment.createdAt} className="mr-1 text-xs text-muted-foreground">
            {timeAgo(comment.createdAt)}
          </time>
          {comment.editedAt && <span className="mr-1 text-xs text-muted-foreground">· {t('edited')}</span>}
          <button
            type="button"
            className={cn(action, comment.isLiked && 'text-rose-600 dark:text-rose-400')}
            aria-pressed={comment.isLiked}
            aria-label={t('Like comment, {count, plural, one {# like} other {# likes}}', {
              count: comment.likesCount,
            })}
            onClick={() => like.mutate(comment.id)}
          >
            <Heart aria-hidden className={cn('size-4', comment.isLiked && 'fill-current')} />
            {comment.likesCount > 0 && <span className="tabular-nums">{comment.likesCount}</span>}
          </button>
          {comment.depth < COMMENT_MAX_DEPTH && (
            <button
              type="button"
              className={action}
              onClick={() => setMode(mode === 'reply' ? 'read' : 'reply')}
            >
              <MessageCircleReply aria-hidden className="size-4" />
              {t('Reply')}
            </button>
          )}
          {viewerId && !own && (
            <button type="button" className={action} onClick={() => setReporting(true)}>
              <Flag aria-hidden className="size-4" />
              <SecondaryLabel>{t('Report')}</SecondaryLabel>
            </button>
          )}
          {own && (
            <>
              <button type="button" className={action} onClick={() => setMode('edit')}>
                <Pencil aria-hidden className="size-4" />
                <SecondaryLabel>{t('Edit')}</SecondaryLabel>
              </button>
              <button type="button" className={action} onClick={() => setMode('confirm-delete')}>
                <Trash2 aria-hidden className="size-4" />
                <SecondaryLabel>{t('Delete')}</SecondaryLabel>
              </button>
            </>
          )}
        </div>
        {mode === 'confirm-delete' && (
          <div className="mt-1 flex flex-wrap items-center gap-2 rounded-xl border p-2 text-sm">
            <span className="flex-1">{t('Delete this comment?')}</span>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setMode('read')}>
              {t('Cancel')}
            </button>
            <button
              type="button"
              className={buttonClass('danger', 'sm')}
              onClick={() => remove.mutate(comment.id, { onSuccess: () => setMode('read') })}
            >
              {t('Delete')}
            </button>
          </div>
        )}
        <ReportDialog
          target={reporting ? { type: 'comment', id: comment.id } : null}
          onClose={() => setReporting(false)}
        />
        {mode === 'reply' && (
          <div className="mt-1">
            <CommentComposer
              label={t('Reply to {name}', { name })}
              placeholder={t('Write a reply…')}
              submitLabel={t('Reply')}
              autoFocus
              onSubmit={async (content, mentions) => {
                await add.mutateAsync({ content, parentId: comment.id, mentions });
                setMode('read');
              }}
              onCancel={() => setMode('read')}
            />
          </div>
        )}
      </div>
    </li>
  );
}
