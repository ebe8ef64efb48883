import { type HttpApp, registerEndpoint } from '@waco/platform';
import { commandContext, type PostsDeps } from '../commands/deps';
import { removeSavedSearch, saveSearch } from '../commands/saved-searches';
import { listSavedSearches } from '../db/saved-searches';

/** The signed-in user's saved searches: save one, list them, remove one. */
export function registerSavedSearchRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'createSavedSearch', async (req, reply) => {
    const id = await saveSearch(commandContext(deps, req, req.userId), req.body);
    const [saved] = await listSavedSearches(deps.db, req.userId, id);
    if (!saved) throw new Error(`saved search ${id} was recorded but cannot be read back`);
    return reply.status(201).send(saved);
  });

  registerEndpoint(app, 'listSavedSearches', async (req) => listSavedSearches(deps.db, req.userId));

  registerEndpoint(app, 'deleteSavedSearch', async (req, reply) => {
    await removeSavedSearch(commandContext(deps, req, req.userId), req.params.id);
    return reply.status(204).send();
  });
}
