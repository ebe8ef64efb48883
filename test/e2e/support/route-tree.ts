import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface Route {
  service: string;
  method: string;
  path: string;
}

/** The routes of a running Fastify app, read from its printed route tree. */
export function routesOf(service: string, app: Pick<FastifyInstance, 'printRoutes'>): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const at = line.search(/[├└]── /);
    if (at === -1) continue;
    const depth = at / 4;
    const match = /^(\S+)(?: \(([^)]*)\))?/.exec(line.slice(at + 4));
    if (!match) continue;
    stack.length = depth;
    stack.push(match[1] as string);
    const path = stack.join('');
    for (const method of (match[2] ?? '').split(', ').filter((m) => METHODS.includes(m))) {
      routes.push({ service, method, path });
    }
  }
  return routes;
}
