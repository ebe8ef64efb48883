import { createECDH, randomBytes } from 'node:crypto';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import { ROUTES, routeMatcher } from '@waco/gateway/routes';
import {
  type LoopbackTrap,
  signUpAt,
  startLoopbackTrap,
  TEST_DATABASE_URL,
  uniqueName,
  waitFor,
} from '@waco/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import {
  type Answer,
  closeConnections,
  inParallel,
  notAJsonMessage,
  send,
  sendOnce,
} from './support/raw-request';
import { type Route, routesOf } from './support/route-tree';

// Every route of every service, reached through the gateway as a browser would, as a guest and
// as a member, with what an attacker sends. The routes come from the running services themselves
// (Fastify's route tree), so a route added tomorrow is walked tomorrow. Nothing may answer 5xx,
// every refusal is a JSON `{ message }`, and no table of any service changes.

const UUID = '0190f5a2-7c1e-7b3a-9c4d-2e8f6a1b3c5d';

/** A concrete path for a route: each `:param` (and a trailing `*`) replaced by `value`. */
const fill = (path: string, value: string) => path.replace(/:[^/]+/g, value).replace(/\*$/, value);

// What an attacker sends in place of each string of a payload.
const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'bio',
  'location',
  'profileImageUrl',
  'title',
  'description',
  'category',
  'price',
  'neighborhood',
  'images',
  'recipientId',
  'conversationId',
  'content',
  'postId',
  'status',
  'filterType',
  'filterValue',
  'type',
  'contentType',
  'objectPath',
  'filename',
  'parts',
  'name',
  'startDate',
  'role',
  'imageUrl',
  'groupId',
];
const every = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));
const nested = (depth: number) => `${'{"title":'.repeat(depth)}"deep"${'}'.repeat(depth)}`;

/** Bodies: [what it is, the raw body text, its content type]. */
const BODIES: [string, string | Buffer, string][] = [
  ['malformed JSON', '{"title": "Garage sale", ', 'application/json'],
  ['an empty JSON body', '', 'application/json'],
  ['a JSON array', '[1, 2, 3]', 'application/json'],
  ['a JSON string', '"hello"', 'application/json'],
  ['null', 'null', 'application/json'],
  ['wrong types', JSON.stringify(every(12345)), 'application/json'],
  ['objects for strings', JSON.stringify(every({ $gt: '' })), 'application/json'],
  ['missing fields', '{}', 'application/json'],
  ['an extra field only', JSON.stringify({ isAdmin: true, role: 'admin' }), 'application/json'],
  ['NUL characters', JSON.stringify(every('a\u0000b')), 'application/json'],
  ['lone surrogates', JSON.stringify(every('a\ud800b')), 'application/json'],
  ['10k-character strings', JSON.stringify(every('x'.repeat(10_000))), 'application/json'],
  ['invalid UUIDs', JSON.stringify(every('not-a-uuid')), 'application/json'],
  [
    'traversal in object keys',
    JSON.stringify(every('/objects/../../internal/../etc/passwd')),
    'application/json',
  ],
  ['deeply nested JSON', nested(20_000), 'application/json'],
  [
    '__proto__ keys',
    '{"__proto__": {"isAdmin": true, "userId": "x"}, "constructor": {"prototype": {"polluted": true}}, "title": "x"}',
    'application/json',
  ],
  ['a 2 MB body', Buffer.alloc(2 * 1024 * 1024, 0x61), 'application/json'],
  ['form data', 'title=Garage+sale&price=5', 'application/x-www-form-urlencoded'],
];

/** Query parameters any route might read, and what an attacker puts in them. */
const QUERY_NAMES = [
  'search',
  'limit',
  'offset',
  'category',
  'neighborhood',
  'postId',
  'conversationId',
  'key',
  'filename',
  'type',
  'groupId',
  'from',
  'to',
  'sort',
];
const QUERY_VALUES: [string, string][] = [
  ['NUL', encodeURIComponent('a\u0000b')],
  ['a lone surrogate (bad UTF-8)', '%ED%A0%80'],
  ['10k characters', 'x'.repeat(10_000)],
  ['an invalid UUID', 'not-a-uuid'],
  ['traversal', encodeURIComponent('../../internal/sessions/x')],
];
const QUERIES: [string, string][] = [
  ...QUERY_NAMES.flatMap((name) =>
    QUERY_VALUES.filter(([what]) => name.endsWith('Id') || what !== 'an invalid UUID').map(
      ([what, value]): [string, string] => [`${name}=${what}`, `${name}=${value}`],
    ),
  ),
  ['repeated parameters', 'limit=1&limit=2&key=a&key=b&postId=a&postId=b'],
  ['bracket objects', 'limit[$gt]=1&key[a]=b&metadata[__proto__][x]=1&__proto__[polluted]=1'],
];

/** Path parameter values. */
const PARAMS: [string, string][] = [
  ['a UUID nobody has', UUID],
  ['an invalid UUID', 'not-a-uuid'],
  ['traversal', '..%2F..%2Finternal'],
  ['NUL', 'a%00b'],
  ['10k characters', 'x'.repeat(10_000)],
];

let neighbour = '';
let ownPost = '';
/**
 * A valid payload for the routes that take one, so that each hostile value reaches the field it
 * is in rather than being refused for another (a payload that is wrong everywhere is refused at
 * its first field). A route missing here still gets every generic case above.
 */
const samples = (): Record<string, Record<string, unknown>> => ({
  'POST /api/signup': {
    firstName: 'Ann',
    lastName: 'Lee',
    email: `${uniqueName('ann')}@example.com`,
    password: 'correct horse battery',
  },
  'POST /api/login': { email: 'ann@example.com', password: 'correct horse battery' },
  'PUT /api/user/profile': { firstName: 'Ann', lastName: 'Lee', bio: 'Hello Waco', location: 'Downtown' },
  'POST /api/posts': { category: 'sale', title: 'Oak chair', description: 'Solid oak', price: '45' },
  'POST /api/messages': { recipientId: neighbour, content: 'Still for sale?' },
  'POST /api/conversations': { recipientId: neighbour },
  'POST /api/user/filter-usage': { filterType: 'category', filterValue: 'sale' },
  'POST /api/event-attendance': { postId: ownPost, status: 'going' },
  'POST /api/media/s3/multipart': { filename: 'chair.jpg', type: 'image/jpeg', metadata: { size: 1024 } },
  'POST /api/objects/upload': { contentType: 'image/jpeg' },
  'POST /api/media/complete': { objectPath: '/objects/uploads/x/y.jpg' },
  'POST /api/reports': { targetType: 'post', targetId: ownPost, reason: 'spam', details: 'Looks like spam' },
  // The member is no moderator: the schema is checked first, so every hostile field still gets its 400.
  'POST /api/moderation/reports/:id/resolve': { action: 'dismiss', note: 'Nothing wrong here' },
  // POST /api/users/:id/block and .../reinstate take no body (NoBody): the generic bodies cover them.
  'POST /api/groups': { name: 'Trail crew', description: 'Saturday walks', neighborhood: 'cameron_park' },
  'POST /api/events': {
    title: 'Trail clean-up',
    location: 'Cameron Park',
    startDate: '2031-06-01T08:00:00-05:00',
  },
  'PATCH /api/events/:id': { location: 'Indian Spring Park', startDate: '2031-06-02T08:00:00-05:00' },
  'PUT /api/groups/:id/members/:userId': { role: 'moderator' },
  'POST /api/groups/:id/requests/:userId': { approve: true },
  'POST /api/groups/:id/invitations': { userId: neighbour },
  'POST /api/events/:id/invitations': { userId: neighbour },
});
const UUID_LIKE = /^[0-9a-f-]{36}$/;
/**
 * Fields shown as typed wherever they appear (names, titles, a bio, a location): a text-direction
 * override or an invisible character in them must be refused, a line break too but in a bio, and
 * a name word mixing Latin with Cyrillic letters.
 */
const SHOWN_AS_TYPED = new Set(['firstName', 'lastName', 'title', 'location', 'bio', 'name']);

/** The sample with one field made hostile, for every field and every hostile value. */
function mutations(sample: () => Record<string, unknown>): [string, string, boolean][] {
  const list: [string, string, boolean][] = [];
  const extra = { ...sample(), id: UUID, userId: UUID, authorId: UUID, isAdmin: true };
  list.push(['extra fields (id, userId, authorId, isAdmin)', JSON.stringify(extra), true]);
  for (const field of Object.keys(sample())) {
    const value = sample()[field];
    const replaced = (what: string, next: unknown) => {
      const body = sample();
      if (next === undefined) delete body[field];
      else body[field] = next;
      list.push([`${field} ${what}`, JSON.stringify(body), next === undefined]);
    };
    replaced('missing', undefined);
    replaced('a number', 12345);
    replaced('an object', { $ne: null });
    if (typeof value === 'string') {
      replaced('with NUL', `${value}\u0000`);
      replaced('with a lone surrogate', `${value}\ud800`);
      replaced('of 10k characters', value.padEnd(10_000, 'x'));
      if (UUID_LIKE.test(value)) replaced('an invalid UUID', 'not-a-uuid');
      if (SHOWN_AS_TYPED.has(field)) {
        replaced('with a right-to-left override', `${value}\u202egnp.exe`);
        replaced('with a zero-width space', `${value.slice(0, 1)}\u200b${value.slice(1)}`);
        if (field !== 'bio') replaced('with a line break', `${value}\r\nAdmin`);
        // "Аnn" with a Cyrillic А: a look-alike of another member's name.
        if (field.endsWith('Name')) replaced('with a Cyrillic look-alike letter', `\u0410${value.slice(1)}`);
      }
      if (value.startsWith('/objects/'))
        replaced('with traversal', `${value.replace(/[^/]*$/, '')}../../../internal/sessions/x`);
    }
  }
  return list;
}

const embedded = useEmbeddedTestStack('hostile', {
  // The dev sign-in does not exist in production, and the suite must not create its user.
  production: true,
  rateLimits: { general: 1_000_000, auth: 1_000_000 },
  // Push on, as `npm start` has it: its subscriptions take what an attacker sends too.
  webPush: true,
});
let pool: pg.Pool;
let member: string;
let neighbourCookie: string;
// An internal service as an attacker aims at it: loopback listeners counting every connection.
let trap: LoopbackTrap;

beforeAll(async () => {
  trap = await startLoopbackTrap();
  pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
  member = (await signUpAt(embedded.stack.url, { firstName: 'Mallory', lastName: 'Hostile' })).cookie;
  const nora = await signUpAt(embedded.stack.url, { firstName: 'Nora', lastName: 'Neighbour' });
  neighbour = nora.id;
  neighbourCookie = nora.cookie;
  // A post of the member's own, so that routes on "my" things have something to refuse to touch.
  const post = await fetch(`${embedded.stack.url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member },
    body: JSON.stringify({ category: 'sale', title: 'Oak chair', description: 'Solid oak', price: '45' }),
  });
  expect(post.status).toBe(201);
  ownPost = ((await post.json()) as { id: string }).id;
}, 120_000);

afterAll(async () => {
  closeConnections();
  await pool?.end();
  await trap?.close();
});

/** Rows in every table of every service's schema (events, outboxes and inboxes included). */
async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const { rows } = await pool.query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
    [SERVICE_NAMES.map((name) => `${name}${embedded.suffix}`)],
  );
  for (const { table_schema, table_name } of rows) {
    const { rows: n } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}"`,
    );
    counts[`${table_schema}.${table_name}`] = n[0]?.n ?? 0;
  }
  return counts;
}

/** The counts once the bus has delivered what the setup caused (two equal readings in a row). */
async function settledCounts() {
  let previous = await rowCounts();
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await rowCounts();
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
  throw new Error('the row counts never settled');
}

/** The identity, method and path a probe was made for (its label up to the colon). */
const routeKey = (probe: Probe) => probe.what.slice(0, probe.what.indexOf(': '));

interface Probe {
  what: string;
  /** A request a route may rightly accept (an optional field left out, unknown keys dropped). */
  mayBeAccepted?: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Every hostile request for every route, as a guest and as the member. */
function probes(routes: Route[]): Probe[] {
  const list: Probe[] = [];
  for (const as of ['guest', 'member'] as const) {
    const cookie: Record<string, string> = as === 'member' ? { cookie: member } : {};
    for (const route of routes) {
      // Signing out would turn the member into a guest for the rest of the walk.
      if (as === 'member' && route.path === '/api/logout') continue;
      const label = (what: string) => `${as} ${route.method} ${route.path}: ${what}`;
      const withBody = route.method !== 'GET';
      for (const [what, value] of route.path.includes(':') || route.path.endsWith('*') ? PARAMS : []) {
        list.push({
          what: label(`path parameter ${what}`),
          method: route.method,
          url: `${embedded.stack.url}${fill(route.path, value)}`,
          headers: { ...cookie, ...(withBody ? { 'content-type': 'application/json' } : {}) },
          body: withBody ? '{}' : undefined,
        });
      }
      const path = fill(route.path, UUID);
      // Query strings are read by GETs, and by the uploader's `?key=` on its other routes.
      const readsQuery = route.method === 'GET' || route.path.startsWith('/api/media/');
      for (const [what, query] of readsQuery ? QUERIES : []) {
        list.push({
          what: label(`query ${what}`),
          method: route.method,
          url: `${embedded.stack.url}${path}?${query}`,
          headers: cookie,
        });
      }
      if (!withBody) continue;
      for (const [what, body, type] of BODIES) {
        list.push({
          what: label(what),
          method: route.method,
          url: `${embedded.stack.url}${path}`,
          headers: { ...cookie, 'content-type': type },
          body,
        });
      }
      const sample = samples()[`${route.method} ${route.path}`];
      if (sample) {
        for (const [what, body, mayBeAccepted] of mutations(
          () => samples()[`${route.method} ${route.path}`] ?? {},
        )) {
          list.push({
            what: label(what),
            mayBeAccepted,
            method: route.method,
            url: `${embedded.stack.url}${path}`,
            headers: { ...cookie, 'content-type': 'application/json' },
            body,
          });
        }
      }
      list.push({
        what: label('Expect: 100-continue'),
        method: route.method,
        url: `${embedded.stack.url}${path}`,
        headers: { ...cookie, 'content-type': 'application/json', expect: '100-continue' },
        body: JSON.stringify(every('x'.repeat(2_000))),
      });
    }
  }
  return list;
}

const matchRoute = routeMatcher(ROUTES);

/** What is wrong with an answer, or null. */
function fault(probe: Probe, answer: Answer, takesNothing: Set<string>): string | null {
  // A guest's body to a members-only endpoint is refused before it is sent, not after.
  const rule = matchRoute(new URL(probe.url).pathname);
  if (!probe.headers.cookie && answer.continued && rule?.membersOnly?.includes(probe.method))
    return `a guest was given 100 Continue (answered ${answer.status})`;
  if (answer.status >= 500) return `${answer.status} ${answer.body.slice(0, 200)}`;
  if (answer.status < 400) {
    // A write that went through on hostile input is a fault, unless the route reads no input
    // (it answers a request with nothing at all) or the probe is one it may rightly accept.
    // GETs may answer (an empty list, a redirect).
    if (probe.method === 'GET' || probe.mayBeAccepted || takesNothing.has(routeKey(probe))) return null;
    return `accepted with ${answer.status}: ${answer.body.slice(0, 200)}`;
  }
  return notAJsonMessage(answer);
}

const sendProbe = (probe: Probe) => sendOnce(probe.url, probe.method, probe.headers, probe.body);

describe('hostile input on every route', () => {
  it('finds the routes from the running services, and the gateway reaches every one', () => {
    const match = routeMatcher(ROUTES);
    const all = SERVICE_NAMES.flatMap((name) => routesOf(name, embedded.stack.services[name].app));
    const api = all.filter((r) => r.path.startsWith('/api') || r.path.startsWith('/objects'));
    expect(api.length).toBeGreaterThan(30);
    for (const route of api) expect(match(fill(route.path, UUID))?.service, route.path).toBe(route.service);
  });

  it('answers no 5xx, refuses with a JSON message, and writes nothing', async () => {
    const routes = SERVICE_NAMES.flatMap((name) => routesOf(name, embedded.stack.services[name].app)).filter(
      (r) => r.path.startsWith('/api') || r.path.startsWith('/objects'),
    );
    // Routes that answer a request with no input at all (read all, a photo upload URL) read
    // none: hostile input they ignore is no fault.
    const takesNothing = new Set<string>();
    for (const route of routes.filter((r) => r.method !== 'GET' && r.path !== '/api/logout')) {
      for (const [as, headers] of [
        ['guest', {}],
        ['member', { cookie: member }],
      ] as const) {
        const answer = await send(`${embedded.stack.url}${fill(route.path, UUID)}`, route.method, headers);
        if (answer.status < 400) takesNothing.add(`${as} ${route.method} ${route.path}`);
      }
    }

    const list = probes(routes);
    expect(list.length).toBeGreaterThan(2000);
    const faults: string[] = [];
    const refusedWrites: Probe[] = [];
    await inParallel(list, async (probe) => {
      const answer = await sendProbe(probe);
      const wrong = fault(probe, answer, takesNothing);
      if (wrong) faults.push(`${probe.what} → ${wrong}`);
      else if (answer.status >= 400 && probe.method !== 'GET') refusedWrites.push(probe);
    });
    // Soft: the write check below runs (and reports) even when some answer was wrong.
    expect.soft(faults).toEqual([]);

    // The refused writes again, counting every row of every service (events, outboxes, inboxes
    // included) before and after: not one may have written anything.
    const before = await settledCounts();
    await inParallel(refusedWrites, sendProbe);
    expect(await settledCounts()).toEqual(before);
  }, 120_000);
});

describe('push endpoints that lead inside (server-side request forgery)', () => {
  // A member of its own (the walk above may have signed Mallory out everywhere), with a post.
  let trudy: string;
  let trudyId: string;
  let trudysPost: string;
  beforeAll(async () => {
    const signedUp = await signUpAt(embedded.stack.url, { firstName: 'Trudy', lastName: 'Inside' });
    trudy = signedUp.cookie;
    trudyId = signedUp.id;
    const post = await send(
      `${embedded.stack.url}/api/posts`,
      'POST',
      { cookie: trudy, 'content-type': 'application/json' },
      JSON.stringify({ category: 'sale', title: 'Pine desk', description: 'Solid pine', price: '30' }),
    );
    expect(post.status, post.body).toBe(201);
    trudysPost = (JSON.parse(post.body) as { id: string }).id;
  });
  const keys = () => ({
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });
  const pushRows = async () =>
    (
      await pool.query<{ endpoint: string }>(
        `SELECT endpoint FROM "notifications${embedded.suffix}".push_subscriptions WHERE user_id = $1`,
        [trudyId],
      )
    ).rows.map((r) => r.endpoint);

  it('refuses them at subscription with 400 saying why, and stores none', async () => {
    const endpoints = [
      `https://127.0.0.1:${trap.port}/push`,
      // The database's own port, as the report found it reached.
      `https://127.0.0.1:${new URL(TEST_DATABASE_URL).port || '5432'}/`,
      `https://[::1]:${trap.v6Port}/push`,
      'https://2130706433/push',
      'https://0x7f.1/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://evil.localhost/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push',
      'https://100.64.0.1/push',
      'https://[fd00::1]/push',
      'https://[fe80::1]/push',
      'https://0.0.0.0/push',
      'https://postgres:5432/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      `http://127.0.0.1:${trap.port}/internal-admin/users`,
      'http://push.example.com/push',
    ];
    for (const endpoint of endpoints) {
      const answer = await send(
        `${embedded.stack.url}/api/push/subscriptions`,
        'POST',
        { cookie: trudy, 'content-type': 'application/json' },
        JSON.stringify({ endpoint, keys: keys() }),
      );
      expect(answer.status, endpoint).toBe(400);
      expect(JSON.parse(answer.body).message, endpoint).toMatch(
        /^endpoint must be (an https:\/\/ push service URL|a push service on the internet, not a local or private address)/,
      );
    }
    expect(await pushRows()).toEqual([]);
    expect(trap.connections()).toEqual([]);
  });

  it('pushes nothing to one stored before the check: the device is forgotten, the trap gets no connection', async () => {
    const stored = [
      `https://127.0.0.1:${trap.port}/push/literal`,
      `https://[::1]:${trap.v6Port}/push/v6`,
      `https://[::ffff:7f00:1]:${trap.port}/push/mapped`,
      `http://127.0.0.1:${trap.port}/push/plain`,
    ];
    for (const endpoint of stored) {
      const { p256dh, auth } = keys();
      await pool.query(
        `INSERT INTO "notifications${embedded.suffix}".push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)`,
        [endpoint, trudyId, p256dh, auth],
      );
    }
    // A neighbour likes her post: a notification, pushed to her devices.
    const like = await send(`${embedded.stack.url}/api/posts/${trudysPost}/like`, 'POST', {
      cookie: neighbourCookie,
    });
    expect(like.status, like.body).toBeLessThan(300);
    // Each device is dropped once its push was refused, before any connection.
    await waitFor(async () => (await pushRows()).length === 0, 20_000, 'the internal devices dropped');
    expect(trap.connections()).toEqual([]);
  });
});
