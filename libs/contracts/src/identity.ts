import { z } from 'zod';
import { accountEvents } from './accounts';
import { Badge, badgeEvents } from './badges';
import { MemberCard, Timestamp, Uuid } from './common';
import { PASSWORD_MIN_LENGTH } from './constants';
import { defineEvent } from './envelope';
import { followEvents } from './follows';
import { MESSAGES } from './identity-messages';
import { LANGUAGES } from './languages';
import { UserDeleted } from './personal-data';
import { BLOCK_TEXT, displayText, LINE_TEXT, NAME_TEXT } from './text';

/**
 * Addresses under `.invalid` (reserved by RFC 2606: none can receive mail, so no person has one)
 * belong to the app itself, e.g. the dev sign-in's account; signup refuses them.
 */
export const RESERVED_EMAIL_SUFFIX = '.invalid';
export const isReservedEmail = (email: string) => email.trim().toLowerCase().endsWith(RESERVED_EMAIL_SUFFIX);

const Email = z.string({ error: MESSAGES.emailInvalid }).trim().max(254).pipe(z.email(MESSAGES.emailInvalid));
/** Whether a text is an email address the server accepts (the web's forms check with it too). */
export const isEmailAddress = (text: string) => Email.safeParse(text).success;
const Name = (required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(50, 'Names are at most 50 characters')
    .superRefine(displayText(label, NAME_TEXT));

export const LoginRequest = z.strictObject({
  email: Email,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SignupRequest = z.strictObject({
  firstName: Name(MESSAGES.firstNameRequired, 'First name'),
  lastName: Name(MESSAGES.lastNameRequired, 'Last name'),
  email: Email.refine((email) => !isReservedEmail(email), MESSAGES.emailReserved),
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
    .max(200, 'Password is at most 200 characters'),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

/** An image stored by the media service, served by the gateway under /objects/. */
export const ObjectPath = z
  .string()
  .regex(/^\/objects\/[A-Za-z0-9/_.-]+$/, 'Must be a path under /objects/')
  .refine((p) => !p.split('/').includes('..'), 'Must not contain ..');

export const ProfileUpdateRequest = z.strictObject({
  firstName: Name(MESSAGES.firstNameRequired, 'First name'),
  lastName: Name(MESSAGES.lastNameRequired, 'Last name'),
  bio: z
    .string()
    .trim()
    .max(500, 'Bio is at most 500 characters')
    .superRefine(displayText('Bio', BLOCK_TEXT))
    .nullish(),
  location: z
    .string()
    .trim()
    .max(100, 'Location is at most 100 characters')
    .superRefine(displayText('Location', LINE_TEXT))
    .nullish(),
  profileImageUrl: ObjectPath.nullish(),
  /** The language of the member's mails and pushes; omitted keeps it. */
  language: z.enum(LANGUAGES, { error: 'Language must be en or es' }).optional(),
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequest>;

/** What anyone may see of a user. Never email, phone, password or provider ids. */
export const PublicUser = MemberCard.extend({
  bio: z.string().nullable(),
  location: z.string().nullable(),
  /** Verified by moderators: the verified mark beside the name. */
  isVerified: z.boolean(),
  /** The reputation rule of badges.ts, from what the member did and what moderators upheld. */
  reputationScore: z.number().int(),
  /** Badges earned, in the order badges.ts lists them (on a profile; absent elsewhere). */
  badges: z.array(Badge).optional(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  postsCount: z.number().int(),
  createdAt: Timestamp,
});
export type PublicUser = z.infer<typeof PublicUser>;

/** The signed-in user, as `GET /api/user` answers. */
export const CurrentUser = PublicUser.extend({
  email: z.string(),
  phone: z.string().nullable(),
  emailVerified: Timestamp.nullable(),
  updatedAt: Timestamp,
  /** The language of their mails and pushes, chosen at sign-up from the browser's. */
  language: z.enum(LANGUAGES),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const UserIdParams = z.strictObject({ id: Uuid });

/** Internal: the gateway asks identity who holds a session token. */
export const SessionLookup = z.object({ userId: Uuid, sessionId: z.string() });
export type SessionLookup = z.infer<typeof SessionLookup>;

/**
 * A member's language in identity's events (`en` or `es` as decided): absent from events written
 * before languages (read as English, or as unchanged by an edit). It is sealed like the other
 * profile fields, so a reader without the key sees the sealed text and a deleted account's reads
 * as ERASED: any string, read through `languageOf`.
 */
const EventLanguage = z.string().optional();

export const UserRegistered = defineEvent(
  'identity',
  'UserRegistered',
  z.object({
    userId: Uuid,
    // Lower-cased. Not a secret (passwords never travel in events); identity rebuilds its users
    // table from these events, and posts shows an author's email (spec section 3).
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    registeredAt: Timestamp,
    language: EventLanguage,
  }),
);
export const ProfileUpdated = defineEvent(
  'identity',
  'ProfileUpdated',
  z.object({
    userId: Uuid,
    firstName: z.string(),
    lastName: z.string(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    language: EventLanguage,
  }),
);
export const SessionRevoked = defineEvent(
  'identity',
  'SessionRevoked',
  z.object({
    sessionId: z.string(),
    userId: Uuid,
    reason: z.enum(['logout', 'expired', 'logout-all', 'password-changed', 'account-deleted']),
  }),
);
export const identityEvents = [
  UserRegistered,
  ProfileUpdated,
  SessionRevoked,
  ...accountEvents,
  // Who follows whom (one stream per pair).
  ...followEvents,
  // Badges earned (one stream per member).
  ...badgeEvents,
  // The end of an account.
  UserDeleted,
] as const;
