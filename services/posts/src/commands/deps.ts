import type { Database, EventStore, Logger } from '@waco/platform';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from '../db/schema';
import type { CommandContext } from './context';

/** What the routes are built from. */
export interface PostsApiDeps {
  db: Kysely<PostsDatabase>;
  /** The same database's pool, for prepared statements (db/prepared.ts). */
  pool: Database['pool'];
  /** Where commands append events and project them. */
  events: EventStore<PostsDatabase>;
  logger: Logger;
  /** Refuse photo paths the poster did not upload (media's `MediaUploaded` events tell). */
  requireUploadedMedia: boolean;
  /** How long to wait for a photo's `MediaUploaded` before refusing it. */
  uploadNoticeWaitMs: number;
  /** The limits per member on posting (MEMBER_LIMITS). */
  memberLimits: boolean;
}

/** Answers whose JSON text Postgres built (posts and pages of posts) are sent as they are. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The context of a command run for the signed-in user of this request. */
export function commandContext(deps: PostsApiDeps, req: FastifyRequest, actorId: string): CommandContext {
  return { store: deps.events, actorId, correlationId: req.id };
}
