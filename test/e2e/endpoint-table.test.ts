import { ENDPOINTS, type Endpoint, needsSignIn } from '@waco/contracts';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import type { RunningStack } from '@waco/launcher/stack';
import { uniqueName } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedTestStack, type TestStack } from './support/embedded-test-stack';
import { routesOf } from './support/route-tree';

// The endpoint table (libs/contracts/src/endpoints) against what really runs: every route of
// every service has its entry and every entry its route, read from the running services' route
// trees as the hostile-input suite reads them; every signed-in endpoint refuses a guest with
// 401 before it looks at what the guest sent; and the API description the gateway serves lists
// the endpoints of comments, hashtags and mentions.

let running: TestStack;
let stack: RunningStack;

beforeAll(async () => {
  running = await startEmbeddedTestStack({
    schemaSuffix: `_${uniqueName('endpoints').split('_')[1]}`,
    // Development: the development-only entries have their routes too.
    development: true,
  });
  stack = running.stack;
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

const key = (method: string, path: string) => `${method} ${path}`;
/**
 * The platform's own routes, on every service: not endpoints of the API. `/metrics` is served on
 * a service's internal port; the gateway refuses it (404) and serves it on METRICS_PORT.
 */
const isPlatformRoute = (path: string) => path === '/healthz' || path === '/readyz' || path === '/metrics';

describe('the endpoint table', () => {
  it.each(SERVICE_NAMES)('matches the routes %s serves, one for one', (service) => {
    const served = routesOf(service, stack.services[service].app)
      .filter((r) => !isPlatformRoute(r.path))
      .map((r) => key(r.method, r.path));
    const declared = ENDPOINTS.filter((e) => e.service === service).map((e) => key(e.method, e.path));
    // A route without an entry, or an entry without a route, fails here.
    expect(served.sort()).toEqual(declared.sort());
  });

  it("has the gateway's own endpoints served by the gateway, and nothing else of its own", () => {
    const served = routesOf('gateway', stack.gateway)
      .filter((r) => !isPlatformRoute(r.path))
      .map((r) => key(r.method, r.path));
    for (const e of ENDPOINTS.filter((entry) => entry.service === 'gateway')) {
      expect(served, e.name).toContain(key(e.method, e.path));
    }
    // Besides them: the catch-alls that forward (every /api path, /objects/*), refuse
    // (/internal) or serve the web app, the app's pages served with link previews, and the
    // sign-in endpoints' stricter rate limit.
    const forwarding = new Set([
      key('GET', '/post/:id'),
      key('GET', '/user/:id'),
      ...['/api', '/api/*', '/objects/*', '/internal', '/internal/*', '/*', '/storage/*'].flatMap((p) =>
        ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => key(m, p)),
      ),
      ...ENDPOINTS.filter((e) => e.service === 'gateway' || e.auth === 'guest-ok').map((e) =>
        key(e.method, e.path),
      ),
    ]);
    expect(served.filter((route) => !forwarding.has(route))).toEqual([]);
  });

  const signedIn = ENDPOINTS.filter((e) => needsSignIn(e.auth));

  it.each(signedIn.map((e) => [e.name, e] as const))(
    '%s refuses a guest with 401 before reading what was sent',
    async (_name, entry: Endpoint) => {
      const path = entry.path.replace(/:[^/]+/g, 'not-an-id');
      const query = '?limit=-1&postId=nope&key=&type=text/html';
      const cases: RequestInit[] = [
        { method: entry.method },
        { method: entry.method, headers: { 'content-type': 'application/json' }, body: '{"bogus": true' },
        { method: entry.method, headers: { 'content-type': 'application/json' }, body: '{"bogus": 1}' },
      ].filter((c) => entry.method !== 'GET' || c.body === undefined);
      for (const init of cases) {
        const res = await fetch(`${stack.url}${path}${query}`, init);
        expect(res.status, `${entry.method} ${path} ${String(init.body)}`).toBe(401);
        expect(await res.json()).toEqual({ message: 'You are not signed in' });
      }
    },
  );

  it('covers every signed-in endpoint', () => {
    expect(signedIn.length).toBeGreaterThan(25);
  });
});

describe('the API description the gateway serves (/api/openapi.json)', () => {
  it('lists the endpoints of comments, hashtags and mentions', async () => {
    const doc = await (await fetch(`${stack.url}/api/openapi.json`)).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/posts/{id}/comments',
        '/api/posts/{id}/comments/stream',
        '/api/comments/{id}',
        '/api/comments/{id}/like',
        '/api/hashtags',
        '/api/hashtags/{name}',
        '/api/hashtags/{name}/posts',
        '/api/mentions/suggestions',
      ]),
    );
  });
});
