import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddBusinessRequest, ReviewRequest } from '@waco/contracts';
import type { CallOptions } from '../../../api/client';
import { api } from '../../../api/client';
import { isUnauthorized, messageOf } from '../../../api/http';
import { msg, t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

const REVIEW_ACTION = msg('review this business');

// The query keys of the directory, under one prefix refreshed after every change.
export const businessKeys = {
  all: ['businesses'] as const,
  list: (query: object) => ['businesses', 'list', query] as const,
  business: (id: string) => ['businesses', 'one', id] as const,
  reviews: (id: string) => ['businesses', 'reviews', id] as const,
};

/** The directory: by category, neighbourhood and words, sorted by rating or reviews. */
export function useBusinesses(query: NonNullable<CallOptions<'listBusinesses'>['query']>) {
  return useQuery({
    queryKey: businessKeys.list(query),
    queryFn: ({ signal }) => api.call('listBusinesses', { query, signal }),
  });
}

export function useBusiness(id: string) {
  return useQuery({
    queryKey: businessKeys.business(id),
    queryFn: ({ signal }) => api.call('getBusiness', { params: { id }, signal }),
    retry: false,
  });
}

export function useBusinessReviews(id: string, enabled: boolean) {
  return useQuery({
    queryKey: businessKeys.reviews(id),
    queryFn: ({ signal }) => api.call('listBusinessReviews', { params: { id }, signal }),
    enabled,
  });
}

/** A change to the directory: afterwards every directory query is fetched again; a refusal is told. */
export function useDirectoryChange<A, R>(run: (args: A) => Promise<R>, onDone?: (result: R) => void) {
  const client = useQueryClient();
  const prompt = useSignInPrompt();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: businessKeys.all });
      onDone?.(result);
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        prompt(REVIEW_ACTION);
        return;
      }
      toast({ title: t('Error'), description: messageOf(error), variant: 'destructive' });
    },
  });
}

/** Adds a business, or changes the details of the one given (its verified owner). */
export const useSaveBusiness = (id: string | null, onDone: (business: { id: string }) => void) =>
  useDirectoryChange(
    (body: AddBusinessRequest) =>
      id ? api.call('updateBusiness', { params: { id }, body }) : api.call('addBusiness', { body }),
    onDone,
  );

/** Writes the member's review, or changes the one they wrote. */
export const useSaveReview = (id: string, reviewId: string | null, onDone?: () => void) =>
  useDirectoryChange(
    (body: ReviewRequest) =>
      reviewId
        ? api.call('editBusinessReview', { params: { id, reviewId }, body })
        : api.call('reviewBusiness', { params: { id }, body }),
    onDone,
  );

export const useDeleteReview = (id: string) =>
  useDirectoryChange((reviewId: string) => api.call('deleteBusinessReview', { params: { id, reviewId } }));

export const useAnswerReview = (id: string) =>
  useDirectoryChange(({ reviewId, reply }: { reviewId: string; reply: string }) =>
    api.call('answerBusinessReview', { params: { id, reviewId }, body: { reply } }),
  );

export const useClaimBusiness = (id: string, onDone?: () => void) =>
  useDirectoryChange((note: string) => api.call('claimBusiness', { params: { id }, body: { note } }), onDone);
