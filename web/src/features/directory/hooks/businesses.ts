import type { AddBusinessRequest, ReviewRequest } from '@waco/contracts';
import type { CallOptions } from '../../../api/client';
import { api } from '../../../api/client';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { msg } from '../../../i18n/i18n';
import { useMemberChange } from '../../auth/hooks/member-change';

const REVIEW_ACTION = msg('review this business');

// The query keys of the directory, under one prefix refreshed after every change.
export const businessKeys = {
  all: ['businesses'] as const,
  list: (query: object) => ['businesses', 'list', query] as const,
  business: (id: string) => ['businesses', 'one', id] as const,
  reviews: (id: string) => ['businesses', 'reviews', id] as const,
};

/** The directory: by category, neighbourhood and words, sorted by rating or reviews. */
export const useBusinesses = (query: NonNullable<CallOptions<'listBusinesses'>['query']>) =>
  useEndpointQuery(businessKeys.list(query), 'listBusinesses', { query });

export const useBusiness = (id: string) =>
  useEndpointQuery(businessKeys.business(id), 'getBusiness', { params: { id } });

export const useBusinessReviews = (id: string, enabled: boolean) =>
  useEndpointQuery(businessKeys.reviews(id), 'listBusinessReviews', { params: { id } }, { enabled });

/** A change to the directory: afterwards every directory query is fetched again; a refusal is told. */
export const useDirectoryChange = <A, R>(run: (args: A) => Promise<R>, onDone?: (result: R) => void) =>
  useMemberChange({ refresh: [businessKeys.all], signInAction: REVIEW_ACTION }, run, onDone);

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
