import { FilterUsage, FilterUsageRequest, TopFiltersQuery } from '@waco/contracts';
import type { HttpApp } from '@waco/platform';
import { z } from 'zod';
import { recordFilterUsage } from '../commands/record-filter-usage';
import { findFilterUsage, topFilters } from '../db/filter-preferences';
import { normalizeFilterValue } from '../domain/filter-usage';
import { commandContext, type PostsApiDeps } from './deps';
import { signedInUser } from './signed-in-user';

/** The signed-in user's filter usage: the most used ones, and recording one more use. */
export function registerFilterRoutes(app: HttpApp, deps: PostsApiDeps) {
  app.get(
    '/api/user/top-filters',
    { schema: { querystring: TopFiltersQuery, response: { 200: z.array(FilterUsage) } } },
    async (req) => topFilters(deps.db, signedInUser(req), req.query.limit),
  );

  app.post(
    '/api/user/filter-usage',
    { schema: { body: FilterUsageRequest, response: { 201: FilterUsage } } },
    async (req, reply) => {
      const userId = signedInUser(req);
      const { filterType, filterValue } = req.body;
      await recordFilterUsage(commandContext(deps, req, userId), filterType, filterValue);
      const usage = await findFilterUsage(
        deps.db,
        userId,
        filterType,
        normalizeFilterValue(filterType, filterValue),
      );
      if (!usage) throw new Error('filter usage was recorded but cannot be read back');
      return reply.status(201).send(usage);
    },
  );
}
