import type { HttpApp } from '@waco/platform';

/**
 * `Cache-Control: no-store` on every `/api` answer and on every 401, whatever the service said:
 * what the API answers depends on the session (a signed-in user's lists, messages and profile;
 * even a guest's feed differs from a member's), and a shared cache or the browser's back button
 * must never show it to someone else. Public, cacheable things (`/objects/*` images, the web
 * app's files) keep their own headers. `no-transform` is kept where a service asked for it (the
 * live stream: proxies must not buffer or compress it). A guest's public read, the same for
 * every guest, is the one `/api` answer that may be kept (forwarding/guest-cache.ts).
 */
export function noStoreForPrivateAnswers(app: HttpApp) {
  app.addHook('onSend', (req, reply, payload, done) => {
    // A guest's public read answered from the gateway's cache says so itself (guest-cache.ts).
    if (req.forwarding?.guestCache && reply.statusCode < 400) return done(null, payload);
    const given = reply.getHeader('cache-control');
    const cache = cacheControlFor(req.url, reply.statusCode, given === undefined ? undefined : String(given));
    if (cache !== undefined && cache !== given) reply.header('cache-control', cache);
    done(null, payload);
  });
}

/**
 * The Cache-Control an answer leaves with (see above), given the one it was given: the hook's
 * rule, also applied by the forward (forwarding/upstream-forward.ts), whose answers bypass `onSend`.
 */
export function cacheControlFor(url: string, status: number, given: string | undefined): string | undefined {
  if (status !== 401 && !isApiPath(url)) return given;
  return given?.includes('no-transform') ? 'no-store, no-transform' : 'no-store';
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
