import { awaitUploadsBy } from '@waco/platform';
import type { GroupsDeps } from './deps';

/**
 * Whether the photo named is one of the member's uploads. Asked before the command, with no
 * lock held: a form sent right after its photo's upload may arrive before media's word of it.
 */
export async function photoUploaded(deps: GroupsDeps, userId: string, imageUrl: string | null | undefined) {
  if (!imageUrl) return true;
  return (await awaitUploadsBy(deps.db, userId, [imageUrl], deps.uploadNoticeWaitMs)).has(imageUrl);
}
