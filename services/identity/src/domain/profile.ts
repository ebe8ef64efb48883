import {
  type EventOf,
  type Language,
  languageOf,
  MESSAGES,
  ProfileUpdated,
  type ProfileUpdateRequest,
  UserRegistered,
} from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';
import type { z } from 'zod';

export type UserRegisteredData = z.input<typeof UserRegistered.schema>;
export type ProfileUpdatedData = z.input<typeof ProfileUpdated.schema>;

/** The part of a user that their profile form edits. */
export interface Profile {
  firstName: string | null;
  lastName: string | null;
  bio: string | null;
  location: string | null;
  profileImageUrl: string | null;
  /** The language of the member's mails and pushes. */
  language: Language;
}

/** What a registration records. `email` must already be normalised. */
export function decideRegistration(input: {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  now: Date;
}): UserRegisteredData {
  return {
    userId: input.userId,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    profileImageUrl: null,
    registeredAt: input.now.toISOString(),
    language: input.language,
  };
}

/**
 * The profile after an edit, or null when nothing would change (no event then). An omitted
 * optional field keeps its value; null or an empty string clears it.
 */
export function decideProfileUpdate(
  userId: string,
  current: Profile,
  request: ProfileUpdateRequest,
): ProfileUpdatedData | null {
  const next: Omit<ProfileUpdatedData, 'userId'> = {
    firstName: request.firstName,
    lastName: request.lastName,
    bio: edited(current.bio, request.bio),
    location: edited(current.location, request.location),
    profileImageUrl: edited(current.profileImageUrl, request.profileImageUrl),
    language: request.language ?? current.language,
  };
  const changed = (Object.keys(next) as (keyof Profile)[]).some((key) => next[key] !== current[key]);
  return changed ? { userId, ...next } : null;
}

function edited(current: string | null, requested: string | null | undefined): string | null {
  if (requested === undefined) return current;
  return requested === null || requested === '' ? null : requested;
}

/**
 * The photo an edit would newly set that is not one of the user's own completed uploads, or
 * null. Keeping the current photo, or clearing it, needs no upload.
 */
export function photoNotUploaded(
  current: Profile,
  request: ProfileUpdateRequest,
  uploaded: ReadonlySet<string>,
): string | null {
  const next = edited(current.profileImageUrl, request.profileImageUrl);
  if (next === null || next === current.profileImageUrl) return null;
  return uploaded.has(next) ? null : next;
}

/** The error's text for such a photo, naming it. */
export const photoNotUploadedMessage = (path: string) =>
  `Profile photo must be one you uploaded: ${path} is not`;

/** A user's stream folds into their profile; null before `UserRegistered`. */
export interface UserState {
  profile: Profile | null;
}

export interface RegisterUser {
  type: 'register';
  userId: string;
  /** Already normalised. */
  email: string;
  firstName: string;
  lastName: string;
  /** The language the sign-up request asked in (its `lang` cookie or Accept-Language). */
  language: Language;
  /** Whether another user has this email: gathered by the command (the unique index settles races). */
  emailTaken: boolean;
  now: Date;
}

export interface UpdateProfile {
  type: 'update-profile';
  userId: string;
  request: ProfileUpdateRequest;
  /** Which of the photos the edit names the user uploaded: gathered by the command (media's events). */
  uploaded: ReadonlySet<string>;
}

export type UserCommand = RegisterUser | UpdateProfile;

/** The events of its stream. */
export type UserEvent = EventOf<typeof UserRegistered | typeof ProfileUpdated>;

/** A user's stream (short: a registration, then one event per profile edit). */
export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  events: [UserRegistered, ProfileUpdated],
  initialState: { profile: null },
  evolve(state, event) {
    if (event.type === UserRegistered.type) {
      const { data } = event;
      return {
        profile: {
          firstName: data.firstName,
          lastName: data.lastName,
          bio: null,
          location: null,
          profileImageUrl: data.profileImageUrl,
          language: languageOf(data.language),
        },
      };
    }
    if (event.type === ProfileUpdated.type) {
      const { userId: _, language, ...profile } = event.data;
      // An edit from before languages leaves the language as it was.
      const kept = state.profile?.language ?? 'en';
      return { profile: { ...profile, language: language === undefined ? kept : languageOf(language) } };
    }
    return state;
  },
  decide(command, state) {
    if (command.type === 'register') {
      if (state.profile || command.emailTaken) throw new RuleBroken(MESSAGES.emailTaken, { status: 409 });
      return [newEvent(UserRegistered, decideRegistration(command))];
    }
    // A session whose user is gone: as if not signed in.
    if (!state.profile) throw new RuleBroken(MESSAGES.signedOut, { status: 401 });
    const foreign = photoNotUploaded(state.profile, command.request, command.uploaded);
    if (foreign) throw new RuleBroken(photoNotUploadedMessage(foreign), { field: 'profileImageUrl' });
    const change = decideProfileUpdate(command.userId, state.profile, command.request);
    return change ? [newEvent(ProfileUpdated, change)] : [];
  },
};
