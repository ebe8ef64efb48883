import type { CreatePostRequest } from '@waco/contracts';
import { api } from '../../../api/client';
import { HttpError } from '../../../api/http';

/** Waits between tries while the posts service has not yet heard of the new photos. */
export const PHOTO_SYNC_RETRY_MS = [250, 500, 1000, 2000, 3000] as const;

const photosNotKnownYet = (error: unknown) => {
  if (!(error instanceof HttpError) || error.status !== 400) return false;
  try {
    return (JSON.parse(error.bodyText) as { field?: string }).field === 'imagePaths';
  } catch {
    return false;
  }
};

/**
 * `POST /api/posts`. The posts service accepts only photos it has heard the media service
 * confirm, and that news travels as an event: right after an upload it may not have arrived.
 * Such a refusal (400 on `imagePaths`) is tried again a few times before it counts.
 */
export async function submitPost(
  body: CreatePostRequest,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.call('createPost', { body });
    } catch (error) {
      const delay = PHOTO_SYNC_RETRY_MS[attempt];
      if (!body.imagePaths?.length || delay === undefined || !photosNotKnownYet(error)) throw error;
      await wait(delay);
    }
  }
}
