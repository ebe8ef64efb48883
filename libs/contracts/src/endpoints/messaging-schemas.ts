import { z } from 'zod';
import {
  AnswerOfferRequest,
  ConversationIdParams,
  Deal,
  MakeOfferRequest,
  MemberIdParams,
  MemberStanding,
  Offer,
  OfferParams,
  RateMemberRequest,
} from '../deals';
import {
  ConversationSummary,
  MarkReadRequest,
  MarkReadResponse,
  Message,
  MessagesQuery,
  SendMessageRequest,
  StartConversationRequest,
  StartConversationResponse,
} from '../messaging';
import { DailyCounts } from '../operator-console';
import { type EndpointSchemas, exportPartSchemas } from './endpoint-schema';

// The schemas of messaging-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

// biome-ignore format: one endpoint a line reads as a table
export const MESSAGING_SCHEMAS = {
  startConversation: { summary: 'The conversation with a user', body: StartConversationRequest, response: { 200: StartConversationResponse } },
  // The conversations without a conversationId; that thread's messages with one.
  listMessages: { summary: "One's conversations, or one thread's messages", query: MessagesQuery, response: { 200: z.union([z.array(ConversationSummary), z.array(Message)]) } },
  sendMessage: { summary: 'Send a message', body: SendMessageRequest, response: { 201: Message } },
  markConversationRead: { summary: 'Mark a conversation read', body: MarkReadRequest, response: { 200: MarkReadResponse } },
  getDeal: { summary: "A conversation's post, offers and ratings, for one of its two members", params: ConversationIdParams, response: { 200: Deal } },
  makeOffer: { summary: 'Make an offer on the post a conversation is about', params: ConversationIdParams, body: MakeOfferRequest, response: { 201: Offer } },
  answerOffer: { summary: 'Accept, decline or counter the open offer', params: OfferParams, body: AnswerOfferRequest, response: { 200: z.array(Offer) } },
  rateMember: { summary: 'Rate the other member once the post was sold between you', params: ConversationIdParams, body: RateMemberRequest, response: { 201: Deal } },
  getMemberStanding: { summary: "A member's ratings and typical reply time", params: MemberIdParams, response: { 200: MemberStanding } },
  countNewMessages: { summary: 'Messages sent per day (the console, through the gateway)', response: { 200: DailyCounts } },
  messagingExport: exportPartSchemas,
} as const satisfies Record<string, EndpointSchemas>;
