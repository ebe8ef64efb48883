import type { HttpApp } from '@waco/platform';

/**
 * `Cache-Control: no-store` on every `/api` answer and on every 401, whatever the service said:
 * what the API answers depends on the session (a signed-in user's lists, messages and profile;
 * even a guest's feed differs from a member's), and a shared cache or the browser's back button
 * must never show it to someone else. Public, cacheable things (`/objects/*` images, the web
 * app's files) keep their own headers. `no-transform` is kept where a service asked for it (the
 * live stream: proxies must not buffer or compress it).
 */
export function noStoreForPrivateAnswers(app: HttpApp) {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode === 401 || isApiPath(req.url)) {
      const given = String(reply.getHeader('cache-control') ?? '');
      reply.header('cache-control', given.includes('no-transform') ? 'no-store, no-transform' : 'no-store');
    }
    done(null, payload);
  });
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
