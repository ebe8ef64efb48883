import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';

/** Identity's session id: the SHA-256 of the cookie token (it is what `SessionRevoked` names). */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What an echo upstream answers: who it is and exactly what it received. */
export interface Echo {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface FakeService {
  name: string;
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that answers every request with what it received. */
export async function startEchoService(
  name: string,
  extra?: (app: FastifyInstance) => void,
): Promise<FakeService> {
  const app = Fastify();
  app.get('/healthz', async () => ({ status: 'ok', service: name }));
  extra?.(app);
  app.all(
    '/*',
    async (req): Promise<Echo> => ({
      service: name,
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: req.body ?? null,
    }),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { name, url, app, close: () => app.close() };
}

/**
 * Identity as the gateway sees it: `/internal/sessions/:token` answers who holds a session (404
 * for none), and `/api/logout` ends the session in the cookie and redirects, like the real one.
 * Sessions are held in memory; `lookups` counts how often the gateway asked.
 */
export async function startFakeIdentity(extra?: (app: FastifyInstance) => void) {
  const sessions = new Map<string, string>();
  let lookups = 0;
  let gate: Promise<void> | null = null;
  const service = await startEchoService('identity', (app) => {
    extra?.(app);
    app.get<{ Params: { token: string } }>('/internal/sessions/:token', async (req, reply) => {
      lookups++;
      const userId = sessions.get(req.params.token);
      // The answer is decided now and delivered when the gate opens: a lookup "in flight".
      if (gate) await gate;
      if (!userId) return reply.status(404).send({ message: 'No such session' });
      return { userId, sessionId: sessionIdOf(req.params.token) };
    });
    app.get('/api/logout', async (req, reply) => {
      const token = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      if (token) sessions.delete(token);
      return reply.header('set-cookie', 'sid=; Path=/; Max-Age=0').redirect('/');
    });
  });
  return {
    ...service,
    /** Creates a session for a new user; returns the cookie token and the user's id. */
    signIn(userId: string = randomUUID()) {
      const token = randomBytes(24).toString('base64url');
      sessions.set(token, userId);
      return { token, userId, cookie: `sid=${token}` };
    },
    /** Ends a session inside identity only (the gateway learns of it by an event, or not at all). */
    endSession(token: string) {
      sessions.delete(token);
    },
    /** Holds session lookup answers back until the returned function is called. */
    holdLookups(): () => void {
      let open = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = null;
        open();
      };
    },
    get lookups() {
      return lookups;
    },
  };
}
export type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;

/** A loopback URL on which nothing listens: an upstream that is down. */
export async function deadUrl(): Promise<string> {
  const port = await new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
  return `http://127.0.0.1:${port}`;
}
