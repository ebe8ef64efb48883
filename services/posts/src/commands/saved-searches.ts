import type { SavedSearchRequest } from '@waco/contracts';
import { handleCommand } from '@waco/platform';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { savedSearchCount } from '../db/saved-searches';
import { savedSearchDecider } from '../domain/saved-search';
import { savedSearchStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './deps';

type Criteria = z.output<typeof SavedSearchRequest>;

/** Saves a search for the actor; resolves to its id. */
export async function saveSearch(ctx: CommandContext, criteria: Criteria): Promise<string> {
  const searchId = uuidv7();
  const savedSoFar = await savedSearchCount(ctx.store.db, ctx.actorId);
  await handleCommand(
    ctx.store,
    savedSearchStream(searchId),
    savedSearchDecider,
    {
      type: 'save',
      searchId,
      userId: ctx.actorId,
      savedSoFar,
      criteria: {
        query: criteria.query || null,
        category: criteria.category ?? null,
        neighborhood: criteria.neighborhood ?? null,
        minPrice: criteria.minPrice ?? null,
        maxPrice: criteria.maxPrice ?? null,
      },
    },
    metadataOf(ctx),
  );
  return searchId;
}

export async function removeSavedSearch(ctx: CommandContext, searchId: string): Promise<void> {
  await handleCommand(
    ctx.store,
    savedSearchStream(searchId),
    savedSearchDecider,
    { type: 'remove', searchId, actorId: ctx.actorId },
    metadataOf(ctx),
  );
}
