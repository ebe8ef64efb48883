import { useQueryClient } from '@tanstack/react-query';
import type { Post, ReportTargetType } from '@waco/contracts';
import { Ellipsis, Link2, Share2, UserRound } from 'lucide-react';
import { Suspense, useState } from 'react';
import { HttpError } from '../../../api/http';
import { useNavigate } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { metaPresets, usePageMeta } from '../../../lib/page-meta';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog, DialogTitle } from '../../../ui/Dialog';
import { lazyPart } from '../../../ui/lazy-part';
import { IconMenu, MenuItem, MenuSeparator } from '../../../ui/Menu';
import { DESKTOP_QUERY, useMediaQuery } from '../../../ui/media-query';
import { useHydrating } from '../../../ui/server-view';
import { displayName, useCurrentUser } from '../../auth/hooks/current-user';
import { CommentThread } from '../../comments/components/CommentThread';
import { LoadingAnimation } from '../../feed/components/LoadingAnimation';
import { usePost } from '../../feed/hooks/posts';
import { AddToCalendar } from '../../lifecycle/components/AddToCalendar';
import { LifecycleBadges } from '../../lifecycle/components/LifecycleBadges';
import { OwnerMenu } from '../../lifecycle/components/OwnerMenu';
import { BlockDialog, type BlockTarget } from '../../moderation/components/BlockDialog';
import { HiddenNotice } from '../../moderation/components/HiddenNotice';
import { ReportDialog } from '../../moderation/components/ReportDialog';
import { SafetyMenuItems } from '../../moderation/components/SafetyMenuItems';
import { copyPostLink, sharePost } from '../hooks/reactions';
import { ContactBlock } from './ContactBlock';
import { EventResponse } from './EventResponse';
import { MentionedText } from './MentionedText';
import { PostActions } from './PostActions';
import { PostAuthor } from './PostAuthor';
import { CategoryBadge, PostFacts } from './PostMeta';
import { PostPhotos } from './PostPhotos';

const ImageViewer = lazyPart('ImageViewer', () => import('./ImageViewer'));

function MoreMenu({ post }: { post: Post }) {
  const navigate = useNavigate();
  const [reporting, setReporting] = useState<{ type: ReportTargetType; id: string } | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  return (
    <>
      <IconMenu label={t('More options')} icon={Ellipsis}>
        <MenuItem icon={Link2} onSelect={() => void copyPostLink(post.id)}>
          {t('Copy link')}
        </MenuItem>
        <MenuItem icon={Share2} onSelect={() => void sharePost(post)}>
          {t('Share post')}
        </MenuItem>
        <MenuSeparator />
        <MenuItem icon={UserRound} onSelect={() => navigate(`/user/${post.userId}`)}>
          {t("View {name}'s profile", { name: displayName(post.user) })}
        </MenuItem>
        <SafetyMenuItems
          target={{ type: 'post', id: post.id }}
          person={{ id: post.userId, name: displayName(post.user) }}
          onReport={setReporting}
          onBlock={setBlocking}
        />
      </IconMenu>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <BlockDialog person={blocking} onClose={() => setBlocking(null)} />
    </>
  );
}

function PostBody({ post, onDeleted }: { post: Post; onDeleted(): void }) {
  const { user } = useCurrentUser();
  const [viewer, setViewer] = useState<number | null>(null);
  /** The first photo's width / height, once loaded (most phone photos are 4:3 until then). */
  const [ratio, setRatio] = useState(4 / 3);
  usePageMeta(metaPresets.post(post));
  const own = user?.id === post.userId;
  // Desktop: two panes, the photos on the left (as tall as the screen allows), the rest on the right.
  const twoPane = useMediaQuery(DESKTOP_QUERY) && post.imagePaths.length > 0;
  return (
    <article
      className={
        twoPane ? 'grid h-full grid-cols-[minmax(0,3fr)_minmax(0,2fr)] grid-rows-[auto_1fr]' : 'pb-8'
      }
      data-layout={twoPane ? 'two-pane' : 'single'}
    >
      <div
        className={cn(
          'flex items-center justify-between gap-3 px-4 pt-4 pr-14 pb-3',
          twoPane && 'col-start-2 row-start-1 border-l',
        )}
      >
        <PostAuthor post={post} size={44} />
        <div className="flex items-center gap-1">
          {own && <OwnerMenu post={post} onDeleted={onDeleted} />}
          <MoreMenu post={post} />
        </div>
      </div>
      {twoPane ? (
        // The whole photo: a frame of the first photo's shape, as large as the pane allows (its
        // width, or its height times the ratio), the photo contained in it, so nothing is cut.
        <div
          className="col-start-1 row-span-2 row-start-1 grid min-h-0 place-items-center bg-muted [container-type:size]"
          data-testid="detail-photos"
        >
          <div style={{ aspectRatio: ratio, width: `min(100cqw, ${ratio} * 100cqh)` }}>
            <PostPhotos
              post={post}
              size="detail"
              height="100%"
              fit="contain"
              priority
              onImageRatio={(index, found) => index === 0 && setRatio(found)}
              onTap={setViewer}
            />
          </div>
        </div>
      ) : (
        <div data-testid="detail-photos">
          <PostPhotos post={post} size="detail" priority onTap={setViewer} />
        </div>
      )}
      <div
        className={cn(
          'grid content-start gap-4 px-4 pt-4',
          twoPane && 'col-start-2 row-start-2 overflow-y-auto border-l pb-8',
        )}
        data-testid="detail-info"
      >
        <HiddenNotice post={post} />
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={post.category} />
          <LifecycleBadges post={post} />
        </div>
        <DialogTitle className="text-2xl leading-tight font-extrabold tracking-tight">
          {post.title}
        </DialogTitle>
        <PostFacts post={post} large />
        <p className="text-base leading-relaxed whitespace-pre-line">
          <MentionedText text={post.description} mentions={post.mentions} />
        </p>
        <div className="-mx-2 border-y py-1">
          <PostActions post={post} ownStatus />
        </div>
        {post.category === 'event' && post.eventDate && <AddToCalendar post={post} />}
        {post.category === 'event' ? (
          <EventResponse post={post} />
        ) : own ? null : (
          <ContactBlock post={post} />
        )}
        <div className="border-t pt-4">
          <CommentThread post={post} />
        </div>
      </div>
      <Suspense fallback={null}>
        {viewer !== null && (
          <ImageViewer
            paths={post.imagePaths}
            title={post.title}
            initialIndex={viewer}
            onClose={() => setViewer(null)}
          />
        )}
      </Suspense>
    </article>
  );
}

/** The full-screen post modal; `/post/{id}` (or `/?post={id}`) opens it directly. */
export default function PostDetail({ postId, onClose }: { postId: string; onClose(): void }) {
  const client = useQueryClient();
  const query = usePost(postId, client);
  const post = query.data;
  const missing =
    query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  // Opened by the page's address, it is rendered on the server and hydrated: inline then, as a
  // portal renders only in the browser, and kept so (moving it would remount it); opened from a
  // list, in a portal as every dialog.
  const hydrating = useHydrating();
  const [inline] = useState(hydrating);
  return (
    <Dialog
      open
      inline={inline}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      layout="full"
      autoFocusFirst={false}
      // Wide on desktop when there are photos for the left pane.
      className={
        post && !missing && post.imagePaths.length > 0
          ? 'lg:inset-y-6 lg:max-w-6xl 2xl:max-w-[90rem]'
          : undefined
      }
    >
      {/* A post read again and found gone (deleted while open: its live thread says so) is gone. */}
      {post && !missing ? (
        <PostBody post={post} onDeleted={onClose} />
      ) : query.isError ? (
        <div className="px-6 py-16 text-center">
          <DialogTitle className="text-lg font-bold">
            {missing
              ? t('This post is no longer here')
              : offline
                ? t("You're offline")
                : t('Failed to fetch posts')}
          </DialogTitle>
          {offline && !missing && (
            <p className="mt-2 text-sm text-muted-foreground">
              {t("This post isn't kept on this device. It will open once you're back online.")}
            </p>
          )}
          <button type="button" className={buttonClass('primary', 'md', 'mt-5')} onClick={onClose}>
            {t('Back to Feed')}
          </button>
        </div>
      ) : (
        <>
          <DialogTitle className="sr-only">{t('Post')}</DialogTitle>
          <LoadingAnimation label={t('Loading post')} />
        </>
      )}
    </Dialog>
  );
}
