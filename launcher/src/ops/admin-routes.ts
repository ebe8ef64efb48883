import type { IncomingMessage, ServerResponse } from 'node:http';
import { dailyCounts, type EventBus, type ExtraRoutes, outboxLag, type RunningService } from '@waco/platform';
import { ADMIN_TOKEN_FILE, carriesAdminToken } from './admin-token';
import type { Lag } from './backend';
import { changeAdmin, changeModerator, changeVerified, operatorDeadLetter } from './moderators';
import { serviceStatus } from './service-status';

/**
 * The embedded process's admin routes, on its metrics listener (loopback unless METRICS_HOST
 * says otherwise; never on the public port). `npm run ops -- --embedded ...` calls them: the
 * in-process bus keeps its dead letters in this process's memory, and a redrive has to reach the
 * consumer running here, so the operator's commands come to the process rather than to a store.
 * Each needs this start's token (admin-token.ts): a request without it is 401, and nothing of it
 * is read.
 */
export function adminRoutes(
  bus: EventBus,
  services: Record<string, RunningService>,
  token: string,
  /** The process's Postgres, for a rebuild run by `ops --embedded rebuild`. */
  databaseUrl?: string,
): ExtraRoutes {
  return async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith('/admin/')) return false;
    if (!carriesAdminToken(req, token)) {
      res.setHeader('www-authenticate', 'Bearer');
      res.setHeader('connection', 'close');
      return send(res, 401, {
        message: `The admin routes need this process's token (Authorization: Bearer, from DATA_DIR/${ADMIN_TOKEN_FILE}); npm run ops -- --embedded sends it.`,
      });
    }
    if (req.method === 'GET' && path === '/admin/deadletters') {
      return send(res, 200, { deadLetters: await bus.listDeadLetters() });
    }
    if (
      req.method === 'POST' &&
      (path === '/admin/deadletters/redrive' || path === '/admin/deadletters/drop')
    ) {
      const { id } = (await readJson(req)) as { id?: unknown };
      if (typeof id !== 'string' || id.length === 0)
        return send(res, 400, { message: 'Send {"id": "<dead letter id>"}' });
      const action = path.endsWith('redrive') ? 'redrive' : 'drop';
      // Recorded in moderation's audit list where moderation runs here (it does in `npm start`).
      const moderation = services.moderation?.database;
      const done = moderation
        ? await operatorDeadLetter(moderation, bus, id, action)
        : action === 'redrive'
          ? await bus.redriveDeadLetter(id)
          : await bus.dropDeadLetter(id);
      return send(res, 200, { done });
    }
    if (req.method === 'GET' && path === '/admin/rebuild-target') {
      if (!databaseUrl)
        return send(res, 404, { message: 'This process was not given its database for rebuilds' });
      const schemas = Object.fromEntries(
        Object.entries(services).map(([name, service]) => [name, service.database.schema]),
      );
      return send(res, 200, { databaseUrl, identityUrl: services.identity?.url, schemas });
    }
    if (req.method === 'GET' && path === '/admin/lag') {
      const relays: Lag['relays'] = [];
      for (const [name, service] of Object.entries(services)) {
        if (service.relay) relays.push({ service: name, ...(await outboxLag(service.database, name)) });
      }
      return send(res, 200, { relays, consumers: await bus.consumerLag() } satisfies Lag);
    }
    if (req.method === 'GET' && path === '/admin/figures') {
      const [identity, posts, messaging] = [services.identity, services.posts, services.messaging];
      if (!identity || !posts || !messaging)
        return send(res, 404, { message: 'identity, posts and messaging run elsewhere' });
      return send(res, 200, {
        members: await dailyCounts(identity.database.db as never, 'users'),
        posts: await dailyCounts(posts.database.db as never, 'posts'),
        messages: await dailyCounts(messaging.database.db as never, 'messages'),
      });
    }
    if (req.method === 'GET' && path === '/admin/status') {
      const urls = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.url]));
      return send(res, 200, { services: await serviceStatus(urls) });
    }
    // The operator's marks of a member: the moderator and admin roles, the verified mark.
    const marks = {
      '/admin/moderators': changeModerator,
      '/admin/admins': changeAdmin,
      '/admin/verified': changeVerified,
    } as const;
    if (
      req.method === 'POST' &&
      (path === '/admin/moderators' || path === '/admin/admins' || path === '/admin/verified')
    ) {
      const { email, grant } = (await readJson(req)) as { email?: unknown; grant?: unknown };
      const identity = services.identity?.database;
      const moderation = services.moderation?.database;
      if (typeof email !== 'string' || typeof grant !== 'boolean')
        return send(res, 400, { message: 'Send {"email": "<member email>", "grant": true|false}' });
      if (!identity || !moderation)
        return send(res, 404, { message: 'identity and moderation run elsewhere' });
      try {
        return send(res, 200, await marks[path]({ identity, moderation }, email, grant));
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode ?? 500;
        return send(res, status, { message: (err as Error).message });
      }
    }
    return false;
  };
}

function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
  return true;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 10_000) break;
  }
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}
