import { type EventEnvelope, FORMER_MEMBER, OfferAccepted, OfferDeclined, OfferMade } from '@waco/contracts';
import type { Kysely } from 'kysely';
import { moderation } from '../db/moderation';
import { titleOf } from '../db/post-titles';
import type { NotificationsDatabase } from '../db/schema';
import { nameOf } from '../db/users';
import { displayName, type OfferStep, offerNotification } from '../domain/notification-rules';
import { type EventOutcome, NOTHING, notifying } from './event-outcome';

/** messaging's offer events, which notifications learns with its messages (consumers/messages.ts). */
export const OFFER_EVENT_TYPES = [OfferMade.type, OfferAccepted.type, OfferDeclined.type];

const DELETED = displayName(FORMER_MEMBER);

function stepOf(event: EventEnvelope): OfferStep {
  if (event.type === OfferMade.type) return { type: 'made', data: OfferMade.schema.parse(event.data) };
  if (event.type === OfferAccepted.type)
    return { type: 'accepted', data: OfferAccepted.schema.parse(event.data) };
  return { type: 'declined', data: OfferDeclined.schema.parse(event.data) };
}

/**
 * An offer made, countered, accepted or declined → a notification to the other member (by their
 * settings for messages; the inbox makes it once). Neither of a blocked pair hears of the other's
 * (storing checks only that the recipient blocked the actor), and a deleted account neither gets
 * one nor is named in one.
 */
export async function offerStep(
  trx: Kysely<NotificationsDatabase>,
  event: EventEnvelope,
): Promise<EventOutcome> {
  const step = stepOf(event);
  const [name, title] = [await nameOf(trx, actorOf(step)), await titleOf(trx, step.data.postId)];
  const draft = offerNotification(step, name, { title });
  if (!draft) return NOTHING;
  if ((await nameOf(trx, draft.actorId)) === DELETED || (await nameOf(trx, draft.recipientId)) === DELETED)
    return NOTHING;
  // A deal between a blocked pair tells neither, whichever of the two blocked.
  if (await moderation.blockedBetween(trx, draft.actorId, draft.recipientId)) return NOTHING;
  return notifying(event, draft);
}

const actorOf = (step: OfferStep) => (step.type === 'made' ? step.data.fromId : step.data.byId);
