import type { Kysely } from 'kysely';
import type { ModerationCopies } from '../moderation/moderation-copies';
import type { CreatorFacts } from './photo-rules';
import { photoUploadedBy } from './uploaded-media';

/**
 * Gathers a creator's facts (`CreatorFacts`) for a command that creates something with a photo.
 * Whether the photo is the member's upload is asked first, with no lock held (it may wait up to
 * `uploadNoticeWaitMs` for media's word); the answer reads their suspension, from the service's
 * copy of moderation's, in the command's own transaction.
 */
export async function gatherCreatorFacts<DB>(
  deps: { db: Kysely<DB>; uploadNoticeWaitMs: number },
  moderation: Pick<ModerationCopies, 'suspensionOf'>,
  memberId: string,
  imageUrl: string | null | undefined,
): Promise<(trx: Kysely<DB>) => Promise<CreatorFacts>> {
  const photoUploaded = await photoUploadedBy(deps.db, memberId, imageUrl, deps.uploadNoticeWaitMs);
  return async (trx) => ({
    suspension: (await moderation.suspensionOf(trx, memberId)) ?? null,
    photoUploaded,
  });
}
