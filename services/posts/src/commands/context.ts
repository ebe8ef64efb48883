import type { EventMetadata, EventStore } from '@waco/platform';
import type { PostsDatabase } from '../db/schema';

/** What every command needs: where events are written (and read tables projected), and who acts. */
export interface CommandContext {
  store: EventStore<PostsDatabase>;
  actorId: string;
  correlationId?: string | null;
}

/** The metadata of the events a command appends. */
export const metadataOf = (ctx: CommandContext): EventMetadata => ({
  actorId: ctx.actorId,
  correlationId: ctx.correlationId ?? null,
});
