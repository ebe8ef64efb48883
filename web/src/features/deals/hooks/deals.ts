import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOfferRequest, Deal, RateMemberRequest } from '@waco/contracts';
import { api } from '../../../api/client';
import { messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';

/** How often a deal is read again while it waits on a step no notification tells. */
const CATCH_UP_MS = 2000;
const CATCH_UP_FOR_MS = 60_000;
const PENDING_REFRESH_MS = 5000;

/**
 * How often the deal is read again, if at all. Offers and answers come as notifications (no
 * polling), but two steps do not: the post turning pending (posts learns of an acceptance after
 * messaging; read again for a short while only, as a seller may put it back on sale), and, while
 * it is pending, the seller marking it sold or back on sale (nobody is notified of it yet).
 */
function refreshEvery(deal: Deal | undefined): number | false {
  if (deal?.post?.state === 'pending') return PENDING_REFRESH_MS;
  if (deal?.post?.state !== 'available') return false;
  const justAccepted = deal.offers.some(
    (o) => o.status === 'accepted' && o.answeredAt && Date.now() - Date.parse(o.answeredAt) < CATCH_UP_FOR_MS,
  );
  return justAccepted ? CATCH_UP_MS : false;
}

/**
 * A conversation's deal: its post, offers and ratings. The other side's offers and answers come
 * as notifications on the live stream, which read it again (features/live/hooks/live-data.ts).
 */
export function useDeal(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deal(conversationId),
    queryFn: ({ signal }) => api.call('getDeal', { params: { conversationId }, signal }),
    enabled,
    refetchInterval: (query) => refreshEvery(query.state.data),
  });
}

const refused = (error: unknown) => {
  haptic('error');
  toast({ title: t('Error'), description: messageOf(error), variant: 'destructive' });
};

/** The deal's changes: offer, answer, sell to the other, back to available, rate. */
export function useDealActions(conversationId: string, postId: string | undefined) {
  const client = useQueryClient();
  const params = { conversationId };
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.deal(conversationId) });
    if (postId) void client.invalidateQueries({ queryKey: queryKeys.post(postId) });
    void client.invalidateQueries({ queryKey: queryKeys.postLists });
  };
  const done = () => {
    haptic('tap');
    refresh();
  };
  const offer = useMutation({
    mutationFn: (amount: string) => api.call('makeOffer', { params, body: { postId: postId ?? '', amount } }),
    onSuccess: done,
    onError: refused,
  });
  const answer = useMutation({
    mutationFn: ({ offerId, ...body }: AnswerOfferRequest & { offerId: string }) =>
      api.call('answerOffer', { params: { ...params, offerId }, body }),
    onSuccess: done,
    onError: refused,
  });
  const sellTo = useMutation({
    mutationFn: (buyerId: string) =>
      api.call('closePost', { params: { id: postId ?? '' }, body: { reason: 'sold', buyerId } }),
    onSuccess: done,
    onError: refused,
  });
  const backToAvailable = useMutation({
    mutationFn: () => api.call('reopenPost', { params: { id: postId ?? '' } }),
    onSuccess: done,
    onError: refused,
  });
  const rate = useMutation({
    mutationFn: (body: RateMemberRequest) => api.call('rateMember', { params, body }),
    onSuccess: (deal: Deal) => {
      haptic('tap');
      client.setQueryData(queryKeys.deal(conversationId), deal);
      toast({ title: t('Thanks for rating'), variant: 'success' });
    },
    onError: refused,
  });
  return { offer, answer, sellTo, backToAvailable, rate, refresh };
}

/** A member's ratings and typical reply time, for their profile. */
export function useMemberStanding(userId: string) {
  return useQuery({
    queryKey: queryKeys.memberStanding(userId),
    queryFn: ({ signal }) => api.call('getMemberStanding', { params: { id: userId }, signal }),
    enabled: Boolean(userId),
  });
}
