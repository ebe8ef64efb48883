import { type HttpApp, registerEndpoint } from '@waco/platform';
import { commandContext, type PostsDeps } from '../commands/deps';
import { recordFilterUsage } from '../commands/record-filter-usage';
import { findFilterUsage, topFilters } from '../db/filter-preferences';
import { normalizeFilterValue } from '../domain/filter-usage';

/** The signed-in user's filter usage: the most used ones, and recording one more use. */
export function registerFilterRoutes(app: HttpApp, deps: PostsDeps) {
  registerEndpoint(app, 'getTopFilters', async (req) => topFilters(deps.db, req.userId, req.query.limit));

  registerEndpoint(app, 'recordFilterUsage', async (req, reply) => {
    const { filterType, filterValue } = req.body;
    await recordFilterUsage(commandContext(deps, req, req.userId), filterType, filterValue);
    const usage = await findFilterUsage(
      deps.db,
      req.userId,
      filterType,
      normalizeFilterValue(filterType, filterValue),
    );
    if (!usage) throw new Error('filter usage was recorded but cannot be read back');
    return reply.status(201).send(usage);
  });
}
