// Personal data in events, and the end of an account (issue 17). Personal fields of events are
// stored sealed with their subject's key, which identity keeps and destroys when the account is
// deleted (crypto-shredding; libs/platform/src/personal-data). This file says which fields.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { defineEvent } from './envelope';

/** A sealed field: `enc:v1:<keyId>:<iv>:<ciphertext and tag>`, both base64url. */
export const SEALED_PREFIX = 'enc:v1:';
/** What a sealed field reads as once its key is destroyed. */
export const ERASED = '';
/** The name shown for a deleted account, wherever its name was. */
export const FORMER_MEMBER = { firstName: 'Former', lastName: 'member' } as const;
/** What the other person sees of a message a deleted account sent. */
export const MESSAGE_DELETED = 'Message deleted';
/** `DELETE /api/user` with a wrong password. */
export const DELETE_PASSWORD_WRONG = 'Password is incorrect';

/** Per event type: the field naming the person (whose key seals), and the personal fields (dotted paths). */
export const PERSONAL_FIELDS: Record<string, { subject: string; fields: readonly string[] }> = {
  UserRegistered: { subject: 'userId', fields: ['email', 'firstName', 'lastName', 'language'] },
  ProfileUpdated: { subject: 'userId', fields: ['firstName', 'lastName', 'bio', 'location', 'language'] },
  PostCreated: { subject: 'ownerId', fields: ['contactPhone', 'contactEmail'] },
  PostEdited: {
    subject: 'ownerId',
    fields: [
      'changes.contactPhone',
      'changes.contactEmail',
      'previous.contactPhone',
      'previous.contactEmail',
    ],
  },
  MessageSent: { subject: 'senderId', fields: ['content', 'excerpt'] },
  // What a reporter wrote about a post or a message (moderation's events).
  ReportFiled: { subject: 'reporterId', fields: ['details'] },
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
