import { useQueryClient } from '@tanstack/react-query';
import { MAX_IMAGES_PER_POST, type Post, UNAUTHORIZED_REDIRECT_DELAY_MS } from '@waco/contracts';
import { useState } from 'react';
import { api } from '../../../api/client';
import { HttpError, isUnauthorized, messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { useUpdatePost } from '../../lifecycle/hooks/lifecycle';
import { submitPost } from '../api/submit-post';
import type { PostPhotos } from './photo-uploads';
import type { PostDraft } from './post-draft';

/** What the form is waiting for, shown on its submit button. */
export type PublishStep = null | 'uploading' | 'posting';

/** Tells why sending failed: a lost session (and back to sign in), the server's reason, or a plain failure. */
function toastFailure(error: unknown, editing: boolean) {
  if (isUnauthorized(error)) {
    toast({
      title: t('Unauthorized'),
      description: t('You are logged out. Logging in again...'),
      variant: 'destructive',
    });
    setTimeout(() => window.location.assign(api.url('loginPage')), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return;
  }
  // The server's reason when it gave one (a limit and when to try again, a duplicate post).
  const reason = error instanceof HttpError && error.serverMessage ? messageOf(error) : null;
  toast({
    title: t('Error'),
    description:
      reason ??
      (editing
        ? t('Failed to save your changes. Please try again.')
        : t('Failed to create post. Please try again.')),
    variant: 'destructive',
  });
}

/**
 * Sends a checked draft: uploads the chosen photos first, then creates the post (in the group
 * `groupId`, if given), or, given `editing`, saves the changes with the photos it keeps
 * (`PATCH /api/posts/{id}`).
 */
export function usePublishPost(editing: Post | undefined, onDone: () => void, groupId?: string) {
  const client = useQueryClient();
  const update = useUpdatePost(editing?.id ?? '');
  const [step, setStep] = useState<PublishStep>(null);

  const publish = async (draft: PostDraft, photos: PostPhotos, kept: string[]) => {
    try {
      if (await photos.pending()) {
        setStep('uploading');
        // The server's reason when it refused a photo (its check of the bytes, say).
        const refusal = await photos.upload();
        if (refusal !== null) {
          toast({
            title: t('Upload failed'),
            description: refusal || t('Some photos could not be uploaded. Please try again.'),
            variant: 'destructive',
          });
          setStep(null);
          return;
        }
      }
      setStep('posting');
      const imagePaths = photos.paths();
      if (editing) {
        if (kept.length + imagePaths.length > MAX_IMAGES_PER_POST) {
          toast({
            title: t('Too many photos'),
            description: t('A post has at most {max} photos.', { max: MAX_IMAGES_PER_POST }),
            variant: 'destructive',
          });
          setStep(null);
          return;
        }
        const { category: _fixed, neighborhood: _kept, ...changes } = draft;
        await update.mutateAsync({ ...changes, imagePaths: [...kept, ...imagePaths] });
        onDone();
        return;
      }
      await submitPost({ ...draft, imagePaths, ...(groupId ? { groupId } : {}) });
      toast({ title: t('Post created!'), variant: 'success' });
      await client.invalidateQueries({ queryKey: queryKeys.postLists });
      onDone();
    } catch (error) {
      setStep(null);
      toastFailure(error, Boolean(editing));
    }
  };

  return { step, publish };
}
