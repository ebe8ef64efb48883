import { type RawBuilder, sql } from 'kysely';
import { verifiedMark } from './member-marks';
import { HIDDEN_BY_MODERATORS_JSON } from './moderation';

/**
 * A post as the API shows it (the contract's `Post`), as JSON text. Postgres builds it, so the
 * feed's hot path neither parses rows into objects nor serialises them again: the text goes
 * straight into the answer. Built field by field from posts `p` and authors `a`, so nothing else
 * can leak (never the author's email); contact details appear only where the poster gave them.
 * `test/contract.test.ts` checks the shape against the contract's schema.
 */
export type PostJson = string & { readonly __postJson: unique symbol };

/** A timestamptz as `Date.prototype.toISOString` writes it ("2030-01-01T12:00:00.000Z"). */
export const isoTime = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const POST_JSON: RawBuilder<PostJson> = sql<PostJson>`(
  jsonb_build_object(
    'id', p.id,
    'userId', p.user_id,
    'user', jsonb_build_object(
      'id', p.user_id, 'firstName', a.first_name, 'lastName', a.last_name,
      'profileImageUrl', a.profile_image_url, 'isVerified', ${verifiedMark('p.user_id')}),
    'title', p.title,
    'description', p.description,
    'category', p.category,
    'neighborhood', p.neighborhood,
    'price', p.price::text,
    'company', p.company,
    'salary', p.salary,
    'eventDate', ${isoTime('p.event_date')},
    'address', p.address,
    'imagePaths', p.image_paths,
    'likesCount', p.likes_count,
    'savesCount', p.saves_count,
    'commentsCount', p.comments_count,
    'interestedCount', p.interested_count,
    'goingCount', p.going_count,
    'createdAt', ${isoTime('p.created_at')},
    'updatedAt', ${isoTime('p.updated_at')},
    'state', p.state,
    'closedReason', p.closed_reason,
    'expiresAt', ${isoTime('p.expires_at')},
    'editedAt', ${isoTime('p.edited_at')},
    'mentions', p.mentions,
    'groupId', p.group_id)
  || jsonb_strip_nulls(jsonb_build_object('contactPhone', p.contact_phone, 'contactEmail', p.contact_email,
       'pending', CASE WHEN p.pending_at IS NOT NULL AND p.state = 'active' THEN true END))
  || ${HIDDEN_BY_MODERATORS_JSON}
)::text`;
