import { z } from 'zod';
import {
  AddBusinessRequest,
  Business,
  BusinessClaim,
  BusinessesQuery,
  BusinessIdParams,
  BusinessRatingAnswer,
  BusinessReview,
  ClaimBusinessRequest,
  DecideClaimRequest,
  ReviewParams,
  ReviewReplyRequest,
  ReviewRequest,
  UpdateBusinessRequest,
} from '../directory';
import { type EndpointSchemas, exportPartSchemas, NoBody } from './endpoint-schema';

// The schemas of directory-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

// biome-ignore format: one endpoint a line reads as a table
export const DIRECTORY_SCHEMAS = {
  addBusiness: { summary: 'Add a local business to the directory', body: AddBusinessRequest, response: { 201: Business } },
  listBusinesses: { summary: 'The directory: by category and neighbourhood, by words, by rating or number of reviews', query: BusinessesQuery, response: { 200: z.array(Business) } },
  getBusiness: { summary: 'A business', params: BusinessIdParams, response: { 200: Business } },
  updateBusiness: { summary: "Change a business's details (its verified owner)", params: BusinessIdParams, body: UpdateBusinessRequest, response: { 200: Business } },
  removeBusiness: { summary: 'Take a business down (moderators)', params: BusinessIdParams, response: { 200: z.object({ id: z.string(), removed: z.literal(true) }) } },
  claimBusiness: { summary: 'Claim a business as its owner, for a moderator to verify', params: BusinessIdParams, body: ClaimBusinessRequest, response: { 200: Business } },
  listBusinessClaims: { summary: 'Claims waiting for a moderator', response: { 200: z.array(BusinessClaim) } },
  decideBusinessClaim: { summary: 'Approve (the claimant becomes its verified owner) or decline a claim (moderators)', params: BusinessIdParams, body: DecideClaimRequest, response: { 200: Business } },
  listBusinessReviews: { summary: "A business's reviews, newest first", params: BusinessIdParams, response: { 200: z.array(BusinessReview) } },
  reviewBusiness: { summary: 'Review a business (once: 1 to 5 and a comment)', params: BusinessIdParams, body: ReviewRequest, response: { 201: BusinessRatingAnswer } },
  editBusinessReview: { summary: 'Change one’s review', params: ReviewParams, body: ReviewRequest, response: { 200: BusinessRatingAnswer } },
  deleteBusinessReview: { summary: 'Delete one’s review', params: ReviewParams, body: NoBody, response: { 200: BusinessRatingAnswer } },
  answerBusinessReview: { summary: 'Answer a review publicly (the verified owner)', params: ReviewParams, body: ReviewReplyRequest, response: { 200: BusinessReview } },
  directoryExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
