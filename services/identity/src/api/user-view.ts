import type { CurrentUser, PublicUser } from '@waco/contracts';
import type { Kysely } from 'kysely';
import type { IdentityDatabase, UserRow } from '../db/schema';
import { type Standing, standingOf } from '../db/standing';

/**
 * What anyone may see of a user: never email, phone, password or provider ids. The verified
 * mark, reputation and badges come from their standing (db/standing.ts).
 */
export async function publicUserOf(db: Kysely<IdentityDatabase>, row: UserRow): Promise<PublicUser> {
  return toPublicUser(row, await standingOf(db, row.id));
}

/** What the signed-in user sees of themselves. */
export async function currentUserOf(db: Kysely<IdentityDatabase>, row: UserRow): Promise<CurrentUser> {
  return toCurrentUser(row, await standingOf(db, row.id));
}

function toPublicUser(row: UserRow, standing: Standing): PublicUser {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    bio: row.bio,
    location: row.location,
    isVerified: standing.isVerified,
    reputationScore: standing.reputationScore,
    badges: standing.badges,
    followersCount: row.followers_count,
    followingCount: row.following_count,
    postsCount: row.posts_count,
    createdAt: row.created_at.toISOString(),
  };
}

function toCurrentUser(row: UserRow, standing: Standing): CurrentUser {
  return {
    ...toPublicUser(row, standing),
    email: row.email,
    phone: row.phone,
    emailVerified: row.email_verified?.toISOString() ?? null,
    updatedAt: row.updated_at.toISOString(),
    language: row.language,
  };
}
