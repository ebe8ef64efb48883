import {
  MutationObserver,
  type MutationObserverOptions,
  type QueryClient,
  useQueryClient,
} from '@tanstack/react-query';
import { type PostStatus, SAVED_TOAST_MS } from '@waco/contracts';
import { api } from '../../../api/client';
import { isUnauthorized } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

type Kind = 'like' | 'save';
const NO_STATUS: PostStatus = { isLiked: false, isSaved: false };
const field = (kind: Kind) => (kind === 'like' ? 'isLiked' : 'isSaved');

function setStatus(client: QueryClient, postId: string, change: Partial<PostStatus>) {
  client.setQueryData<PostStatus>(queryKeys.postStatus(postId), (old) => ({
    ...(old ?? NO_STATUS),
    ...change,
  }));
}

/**
 * Like or save, optimistic: the status flips at once and flips back on error. A guest (401)
 * gets the sign-in prompt; other errors a toast. Afterwards the post lists (and the saved list)
 * are fetched again, and the server's answer is the status kept.
 */
export function useToggleReaction(kind: Kind, postId: string) {
  const client = useQueryClient();
  const prompt = useSignInPrompt();
  // A mutation made when pressed, not an observer per button: a card's two would be subscribed
  // as each card hydrates, for a press most cards never get. Its callbacks run all the same.
  return {
    mutate: () => {
      new MutationObserver(client, toggleOptions(client, prompt, kind, postId)).mutate().catch(() => {
        // Said by onError (the sign-in prompt or a toast).
      });
    },
  };
}

function toggleOptions(
  client: QueryClient,
  prompt: ReturnType<typeof useSignInPrompt>,
  kind: Kind,
  postId: string,
): MutationObserverOptions<boolean, Error, void, { before: PostStatus | undefined }> {
  return {
    mutationFn: async () => {
      if (kind === 'like') return (await api.call('likePost', { params: { id: postId } })).liked;
      return (await api.call('savePost', { params: { id: postId } })).saved;
    },
    onMutate: async () => {
      haptic(kind === 'like' ? 'like' : 'save', 'subtle');
      await client.cancelQueries({ queryKey: queryKeys.postStatus(postId) });
      const before = client.getQueryData<PostStatus>(queryKeys.postStatus(postId));
      setStatus(client, postId, { [field(kind)]: !(before ?? NO_STATUS)[field(kind)] });
      return { before };
    },
    onError: (error, _vars, context) => {
      client.setQueryData(queryKeys.postStatus(postId), context?.before ?? NO_STATUS);
      if (isUnauthorized(error)) {
        prompt(kind === 'like' ? PROTECTED_ACTIONS.like : PROTECTED_ACTIONS.save);
        return;
      }
      haptic('error', 'subtle');
      toast({
        title: t('Error'),
        description: kind === 'like' ? t('Failed to toggle like') : t('Failed to save post'),
        variant: 'destructive',
      });
    },
    onSuccess: (value) => {
      setStatus(client, postId, { [field(kind)]: value });
      if (kind === 'save') {
        toast(
          value
            ? {
                title: t('✓ Saved to your collection'),
                description: t('You can find this post in your saved items'),
                duration: SAVED_TOAST_MS,
              }
            : { title: t('Removed from saved'), duration: SAVED_TOAST_MS },
        );
      }
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
      void client.invalidateQueries({ queryKey: queryKeys.post(postId), exact: true });
    },
  };
}

/** A post's own address, `/post/{id}`: shared, it unfurls (the gateway writes its preview tags). */
export const postLink = (postId: string) => `${window.location.origin}/post/${postId}`;

/** The device's share sheet when there is one, else the link goes to the clipboard. */
export async function sharePost(post: { id: string; title: string }) {
  const url = postLink(post.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.title, text: post.title, url });
      return;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
    }
  }
  await copyPostLink(post.id);
}

/** Copies the post's link: "Link copied!" / "Post link copied to clipboard". */
export async function copyPostLink(postId: string) {
  try {
    await navigator.clipboard.writeText(postLink(postId));
    toast({ title: t('Link copied!'), description: t('Post link copied to clipboard'), variant: 'success' });
  } catch {
    toast({ title: t('Error'), description: t('Could not copy the link'), variant: 'destructive' });
  }
}
