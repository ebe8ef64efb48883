// Personal data in events, and the end of an account. Personal fields of events are
// stored sealed with their subject's key, which identity keeps and destroys when the account is
// deleted (crypto-shredding; libs/platform/src/personal-data). This file says which fields.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';

/** A sealed field: `enc:v1:<keyId>:<iv>:<ciphertext and tag>`, both base64url. */
export const SEALED_PREFIX = 'enc:v1:';
/** What a sealed field reads as once its key is destroyed. */
export const ERASED = '';
/** `DELETE /api/user` with a wrong password. */
export const DELETE_PASSWORD_WRONG = 'Password is incorrect';

/**
 * Per event type: the field naming the person (whose key seals), and the personal fields (dotted
 * paths). Whatever a member wrote is personal: a post's text, a saved search's words, a message,
 * a report's details, a moderator's note. Other events carry ids, never a copy of such text
 * (a consumer keeps its own copy, learnt from these events, and forgets it on `UserDeleted`).
 */
const POST_TEXT = ['title', 'description', 'company', 'salary', 'address', 'contactPhone', 'contactEmail'];
export const PERSONAL_FIELDS: Record<string, { subject: string; fields: readonly string[] }> = {
  UserRegistered: { subject: 'userId', fields: ['email', 'firstName', 'lastName', 'language'] },
  ProfileUpdated: { subject: 'userId', fields: ['firstName', 'lastName', 'bio', 'location', 'language'] },
  PostCreated: { subject: 'ownerId', fields: POST_TEXT },
  PostEdited: {
    subject: 'ownerId',
    fields: POST_TEXT.flatMap((field) => [`changes.${field}`, `previous.${field}`]),
  },
  SavedSearchCreated: { subject: 'userId', fields: ['query'] },
  // A search term typed, a tag or a category chosen (`FilterUsed`).
  FilterUsed: { subject: 'userId', fields: ['filterValue'] },
  // A comment's text, sealed with its writer's key.
  CommentAdded: { subject: 'userId', fields: ['content'] },
  CommentEdited: { subject: 'userId', fields: ['content'] },
  MessageSent: { subject: 'senderId', fields: ['content', 'excerpt'] },
  // A rating's note (its score is no text: a rebuild drops a rating whose note is erased).
  MemberRated: { subject: 'raterId', fields: ['note'] },
  // What a reporter wrote about a post or a message (moderation's events).
  ReportFiled: { subject: 'reporterId', fields: ['details'] },
  // What a moderator wrote (a hide by reports has no moderator and no note).
  ReportsResolved: { subject: 'moderatorId', fields: ['note'] },
  PostHiddenByModerators: { subject: 'moderatorId', fields: ['note'] },
  UserSuspended: { subject: 'moderatorId', fields: ['note'] },
  // A group's name and description, an event's title, description and place (the groups service).
  GroupCreated: { subject: 'creatorId', fields: ['name', 'description'] },
  GroupHandedOver: { subject: 'toUserId', fields: ['name', 'description'] },
  EventScheduled: { subject: 'creatorId', fields: ['title', 'description', 'location'] },
  EventChanged: { subject: 'editorId', fields: ['location'] },
  // What members wrote in the directory: a business's description, a review, an owner's reply, a claim.
  BusinessAdded: { subject: 'addedBy', fields: ['description'] },
  BusinessEdited: { subject: 'editorId', fields: ['description'] },
  BusinessClaimed: { subject: 'claimantId', fields: ['note'] },
  BusinessReviewed: { subject: 'authorId', fields: ['comment'] },
  BusinessReviewEdited: { subject: 'authorId', fields: ['comment'] },
  BusinessReviewAnswered: { subject: 'ownerId', fields: ['reply'] },
};

export const DeleteAccountRequest = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** An account was deleted: its key is gone, and every service erases its copy. */
export const UserDeleted = defineEvent(
  'identity',
  'UserDeleted',
  z.object({ userId: Uuid, deletedAt: Timestamp }),
);

/** Internal: a user's key (base64url), for services that seal and open personal fields. */
export const UserKey = z.object({ userId: Uuid, key: z.string() });
