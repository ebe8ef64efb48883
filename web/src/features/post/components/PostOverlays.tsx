import type { Post } from '@waco/contracts';
import { Suspense } from 'react';
import { ErrorBoundary } from '../../../app/ErrorBoundary';
import { lazyPart } from '../../../ui/lazy-part';
import { PostUnavailable } from './PostUnavailable';

const PostDetail = lazyPart('PostDetail', () => import('./PostDetail'));
const ImageViewer = lazyPart('ImageViewer', () => import('./ImageViewer'));

/** A post's photo shown full screen: which post, from which photo. */
export type ImageView = { post: Post; index: number };

/** Over a list of posts: the open post's detail and the photo viewer, each loaded on first use. */
export function PostOverlays({
  postId,
  onClosePost,
  viewer,
  onCloseViewer,
}: {
  postId: string | null;
  onClosePost(): void;
  viewer: ImageView | null;
  onCloseViewer(): void;
}) {
  return (
    <Suspense fallback={null}>
      {postId && (
        // The post's code may fail to load (offline, or gone after a deploy): the feed stays.
        <ErrorBoundary
          key={postId}
          fallback={(kind) => <PostUnavailable kind={kind} onClose={onClosePost} />}
        >
          <PostDetail postId={postId} onClose={onClosePost} />
        </ErrorBoundary>
      )}
      {viewer && (
        <ImageViewer
          paths={viewer.post.imagePaths}
          title={viewer.post.title}
          initialIndex={viewer.index}
          onClose={onCloseViewer}
        />
      )}
    </Suspense>
  );
}
