import { PHOTO_NOT_UPLOADED } from '@waco/contracts';
import { RuleBroken } from '../events/rule-broken';
import { refuseSuspended, type Suspension } from '../moderation/moderation-rules';

// The rules of a member's photo, for deciders: the command gathers whether the photo is the
// member's own upload (`photoUploadedBy`, media's events) and the decider refuses on it.

/** The one refusal of a photo that is not the member's own upload (no photo named is fine). */
export function refuseForeignPhoto(imageUrl: string | null | undefined, photoUploaded: boolean): void {
  if (imageUrl && !photoUploaded) throw new RuleBroken(PHOTO_NOT_UPLOADED, { field: 'imageUrl' });
}

/** What a command gathers of a member creating something that may show a photo (a group, a business). */
export interface CreatorFacts {
  /** The member's suspension (moderation's events). */
  suspension: Suspension;
  /** Whether the photo named is one of the member's uploads (media's events). */
  photoUploaded: boolean;
}

/** The refusals of such a creation: a suspended member, then a photo that is not their own. */
export function refuseCreation(facts: CreatorFacts, imageUrl: string | null | undefined): void {
  refuseSuspended(facts.suspension);
  refuseForeignPhoto(imageUrl, facts.photoUploaded);
}
