import { handleCommand } from '@waco/platform';
import { filterUsageDecider } from '../domain/filter-usage';
import { filterUsageStream } from '../domain/streams';
import { type CommandContext, metadataOf } from './deps';

/** Records that the actor used a filter (a search term, tag, category or neighbourhood). */
export async function recordFilterUsage(
  ctx: CommandContext,
  filterType: 'search_term' | 'tag' | 'category' | 'neighborhood',
  filterValue: string,
): Promise<void> {
  await handleCommand(
    ctx.store,
    filterUsageStream(ctx.actorId),
    filterUsageDecider,
    { userId: ctx.actorId, filterType, filterValue },
    metadataOf(ctx),
  );
}
