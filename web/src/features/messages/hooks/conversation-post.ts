import { useQueryClient } from '@tanstack/react-query';
import { type ConversationPost, type ConversationSummary, thumbnailUrl } from '@waco/contracts';
import { usePost } from '../../feed/hooks/posts';

/**
 * The post shown under a thread's header: the one the member came from ("Send Message" on it)
 * until a message about it reaches the conversation list, then the list's (the latest named).
 * The post came from the post's own page, so it is usually in the cache already.
 */
export function useConversationPost(
  aboutPostId: string | undefined,
  summary: ConversationSummary | undefined,
): ConversationPost | undefined {
  const pending = aboutPostId !== undefined && summary?.post?.id !== aboutPostId;
  const post = usePost(pending ? aboutPostId : null, useQueryClient());
  if (!pending) return summary?.post;
  if (post.isError) return { id: aboutPostId, available: false, title: null, thumbnailUrl: null };
  if (!post.data) return undefined;
  const photo = post.data.imagePaths[0];
  return {
    id: post.data.id,
    available: true,
    title: post.data.title,
    thumbnailUrl: photo ? thumbnailUrl(photo) : null,
  };
}
