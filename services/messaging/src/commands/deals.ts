import {
  type AnswerOfferCommand,
  CONVERSATION_NOT_FOUND,
  type MakeOfferCommand,
  type Offer,
  otherParticipantOf,
  type RateMemberRequest,
} from '@waco/contracts';
import { handleCommand, notFound } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import { dealOf, messagedAbout, offerPostFacts, offersOf, saleFacts } from '../db/deals';
import { moderationFacts } from '../db/moderation';
import { isParticipant } from '../domain/conversations';
import { offersDecider, offersStream, ratingDecider, ratingStream } from '../domain/deals';
import type { MessagingDeps } from './deps';

/** The other member of a conversation the caller is in; anyone else gets 404 (nothing to probe). */
function otherOf(conversationId: string, userId: string): string {
  const other = isParticipant(conversationId, userId) ? otherParticipantOf(conversationId, userId) : null;
  if (!other) throw notFound(CONVERSATION_NOT_FOUND);
  return other;
}

/** The caller's view of a conversation's deal (404 to anyone but its two members). */
export async function getDeal(deps: MessagingDeps, userId: string, conversationId: string) {
  return dealOf(deps.db, conversationId, userId, otherOf(conversationId, userId));
}

/** Makes an offer on the conversation's post: OfferMade on its offers stream; answers the offer. */
export async function makeOffer(
  deps: MessagingDeps,
  userId: string,
  conversationId: string,
  request: MakeOfferCommand,
): Promise<Offer> {
  const toId = otherOf(conversationId, userId);
  const offerId = uuidv7();
  await handleCommand(
    deps.events,
    offersStream(conversationId),
    offersDecider,
    async (db) => ({
      type: 'make' as const,
      offerId,
      conversationId,
      fromId: userId,
      toId,
      amountCents: request.amount,
      post: await offerPostFacts(db, request.postId, userId, toId),
      moderation: await moderationFacts(db, userId, toId),
      now: deps.now(),
    }),
    { actorId: userId },
  );
  const made = (await offersOf(deps.db, conversationId)).find((o) => o.id === offerId);
  if (!made) throw new Error('OfferMade was not projected');
  return made;
}

/** Accepts, declines or counters the conversation's open offer; answers the conversation's offers. */
export async function answerOffer(
  deps: MessagingDeps,
  userId: string,
  conversationId: string,
  offerId: string,
  request: AnswerOfferCommand,
): Promise<Offer[]> {
  const otherId = otherOf(conversationId, userId);
  await handleCommand(
    deps.events,
    offersStream(conversationId),
    offersDecider,
    async (db) => {
      const open = await db
        .selectFrom('offers')
        .select('post_id')
        .where('id', '=', offerId)
        .executeTakeFirst();
      return {
        type: 'answer' as const,
        offerId,
        byId: userId,
        answer: request.answer,
        counter:
          request.amount === undefined ? undefined : { offerId: uuidv7(), amountCents: request.amount },
        post: open
          ? await offerPostFacts(db, open.post_id, userId, otherId)
          : { about: undefined, standing: null },
        moderation: await moderationFacts(db, userId, otherId),
        now: deps.now(),
      };
    },
    { actorId: userId },
  );
  return offersOf(deps.db, conversationId);
}

/** Rates the other member about a post sold between them: MemberRated, once; answers the deal. */
export async function rateMember(
  deps: MessagingDeps,
  userId: string,
  conversationId: string,
  request: RateMemberRequest,
) {
  const rateeId = otherOf(conversationId, userId);
  await handleCommand(
    deps.events,
    ratingStream(request.postId, userId),
    ratingDecider,
    async (db) => ({
      type: 'rate' as const,
      ratingId: uuidv7(),
      postId: request.postId,
      raterId: userId,
      rateeId,
      score: request.score,
      note: request.note,
      sale: await saleFacts(db, request.postId),
      messagedAbout: await messagedAbout(db, conversationId, request.postId),
      moderation: await moderationFacts(db, userId, rateeId),
      now: deps.now(),
    }),
    { actorId: userId },
  );
  return dealOf(deps.db, conversationId, userId, rateeId);
}
