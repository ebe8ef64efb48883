import type { StreamState } from '../domain/decider';
import { decideFilterUse } from '../domain/filter-usage';
import { filterUsageStream } from '../domain/streams';
import { type CommandContext, decideOnStream } from './run-on-stream';

// Counting needs no state: every use is recorded; the projection adds them up.
const stateless: StreamState<null> = { initial: null, evolve: () => null, appendOnly: true };

/** Records that the actor used a filter (a search term, tag, category or neighbourhood). */
export async function recordFilterUsage(
  ctx: CommandContext,
  filterType: 'search_term' | 'tag' | 'category' | 'neighborhood',
  filterValue: string,
): Promise<void> {
  await decideOnStream(ctx, filterUsageStream(ctx.actorId), stateless, () =>
    decideFilterUse({ userId: ctx.actorId, filterType, filterValue }),
  );
}
