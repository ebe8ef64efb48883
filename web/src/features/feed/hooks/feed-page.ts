import type { Post } from '@waco/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '../../../app/router';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { afterPaint } from '../../../ui/after-paint';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

export type FeedMode = 'browse' | 'post';

/** Whether the page has scrolled more than `px` (the compact chip bar shows then). */
export function useScrolledPast(px: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY > px);
    const cancel = afterPaint(check);
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancel();
      window.removeEventListener('scroll', check);
    };
  }, [px]);
  return past;
}

/**
 * Browse or Post (`?mode=post`), held in the address. A guest who asks to post (or follows a
 * link to /?mode=post) gets the sign-in prompt and the feed.
 */
export function useFeedMode() {
  const [params, setParams] = useSearchParams();
  const { isSignedIn, isLoading } = useCurrentUser();
  const prompt = useSignInPrompt();
  const mode: FeedMode = params.get('mode') === 'post' ? 'post' : 'browse';

  const setMode = useCallback(
    (next: FeedMode) => {
      if (next === 'post' && !isSignedIn) {
        prompt(PROTECTED_ACTIONS.createPost);
        return;
      }
      setParams(next === 'post' ? { mode: 'post' } : {});
      window.scrollTo({ top: 0 });
    },
    [isSignedIn, prompt, setParams],
  );

  useEffect(() => {
    if (mode === 'post' && !isLoading && !isSignedIn) {
      prompt(PROTECTED_ACTIONS.createPost);
      setParams({}, { replace: true });
    }
  }, [mode, isLoading, isSignedIn, prompt, setParams]);

  return { mode, setMode };
}

/**
 * The post open over the feed: `?post={id}`, or the post's own address `/post/{id}`, which
 * closes to the feed. `listShown` says whether the list behind it may be asked for yet.
 */
export function useOpenPost() {
  const [params, setParams] = useSearchParams();
  const { postId: linkedPostId } = useParams();
  const navigate = useNavigate();
  const openPostId = params.get('post') ?? linkedPostId ?? null;
  // A page opened on a post (a shared link) shows that post over the whole screen: the list
  // behind it is asked for and rendered only once the post is closed, not while the post loads.
  const [listShown, setListShown] = useState(() => openPostId === null);
  useEffect(() => {
    if (openPostId === null) setListShown(true);
  }, [openPostId]);

  const openPost = useCallback(
    (post: Post) => {
      const next = new URLSearchParams(params);
      next.set('post', post.id);
      setParams(next);
    },
    [params, setParams],
  );
  const closePost = useCallback(() => {
    const next = new URLSearchParams(params);
    next.delete('post');
    // A post opened at its own address closes to the feed.
    if (linkedPostId) navigate({ pathname: '/', search: next.toString() });
    else setParams(next);
  }, [params, setParams, linkedPostId, navigate]);

  return { openPostId, listShown, openPost, closePost };
}
