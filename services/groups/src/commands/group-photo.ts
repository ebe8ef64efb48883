import { photoUploadedBy } from '@waco/platform';
import type { GroupsDeps } from './deps';

/** Whether the photo named (of a group or an event) is one of the member's uploads. */
export const photoUploaded = (deps: GroupsDeps, userId: string, imageUrl: string | null | undefined) =>
  photoUploadedBy(deps.db, userId, imageUrl, deps.uploadNoticeWaitMs);
