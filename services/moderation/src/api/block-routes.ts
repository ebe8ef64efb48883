import { type HttpApp, registerEndpoint } from '@waco/platform';
import { setBlocked } from '../commands/blocks';
import type { ModerationDeps } from '../commands/deps';
import { blocksOf, standingOf } from '../db/lists';

/** Blocking and unblocking members, the list of blocked members, and one's own standing. */
export function registerBlockRoutes(app: HttpApp, deps: ModerationDeps) {
  registerEndpoint(app, 'blockUser', async (req) => setBlocked(deps, req.userId, req.params.id, true));
  registerEndpoint(app, 'unblockUser', async (req) => setBlocked(deps, req.userId, req.params.id, false));
  registerEndpoint(app, 'listBlocks', async (req) => ({ blocks: await blocksOf(deps.db, req.userId) }));
  registerEndpoint(app, 'getModerationStanding', async (req) => standingOf(deps.db, req.userId));
}
