import type { CommandDeps, Database, EventMetadata, EventStore } from '@waco/platform';
import type { PostsDatabase } from '../db/schema';

/** What posts' routes, commands and queries run against. */
export interface PostsDeps extends CommandDeps<PostsDatabase> {
  /** The same database's pool, for prepared statements (db/prepared.ts). */
  pool: Database['pool'];
  /** Refuse photo paths the poster did not upload (media's `MediaUploaded` events tell). */
  requireUploadedMedia: boolean;
  /** How long to wait for a photo's `MediaUploaded` before refusing it. */
  uploadNoticeWaitMs: number;
  /** The limits per member on posting (MEMBER_LIMITS). */
  memberLimits: boolean;
}

/** What every command needs: where events are written (and read tables projected), and who acts. */
export interface CommandContext {
  store: EventStore<PostsDatabase>;
  actorId: string;
  correlationId?: string | null;
}

/** The context of a command run for the signed-in user of a request (its id correlates the events). */
export function commandContext(deps: PostsDeps, req: { id: string }, actorId: string): CommandContext {
  return { store: deps.events, actorId, correlationId: req.id };
}

/** The metadata of the events a command appends. */
export const metadataOf = (ctx: CommandContext): EventMetadata => ({
  actorId: ctx.actorId,
  correlationId: ctx.correlationId ?? null,
});
