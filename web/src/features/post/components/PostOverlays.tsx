import type { Post } from '@waco/contracts';
import { lazy, Suspense } from 'react';

const PostDetail = lazy(() => import('./PostDetail'));
const ImageViewer = lazy(() => import('./ImageViewer'));

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
      {postId && <PostDetail postId={postId} onClose={onClosePost} />}
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
