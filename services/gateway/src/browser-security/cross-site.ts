import type { HttpApp } from '@waco/platform';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses writes that another site's page sends with the user's cookie: an `Origin` that is not
 * the app's, or `Sec-Fetch-Site: cross-site`. Requests without either (curl, server to server)
 * carry no ambient browser credentials of a victim, and pass.
 */
export function refuseCrossSiteWrites(app: HttpApp, appOrigins: string[]) {
  const allowed = new Set(appOrigins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', (req, reply, done) => {
    if (!WRITE_METHODS.has(req.method)) return done();
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      return reply.status(403).send({ message: `Requests from ${origin} may not change anything here` });
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      return reply.status(403).send({ message: 'Cross-site requests may not change anything here' });
    }
    done();
  });
}

/**
 * `GET /api/logout` is a browser navigation (spec section 7: the menu's Sign Out link), and a
 * GET that another site could send with the user's cookie (a link, a redirect, an image): the
 * session would end without the user asking. It is accepted only as a navigation from the app
 * itself or typed by the user (`Sec-Fetch-Site: same-origin` or `none`); browsers that send no
 * `Sec-Fetch-Site` must show an `Origin` or `Referer` of the app. A request with none of these
 * headers (curl) carries no victim's cookie, and passes, as writes do.
 */
export function refuseCrossSiteLogout(app: HttpApp, appOrigins: string[]) {
  const allowed = new Set(appOrigins.map((origin) => new URL(origin).origin));
  const refused = { message: 'Sign out from the app itself: a link from another site cannot sign you out' };
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isLogoutPath(req.url)) return done();
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined) {
      if (site === 'same-origin' || site === 'none') return done();
      return reply.status(403).send(refused);
    }
    const from = req.headers.origin ?? req.headers.referer;
    if (from === undefined || allowed.has(originOf(from))) return done();
    return reply.status(403).send(refused);
  });
}

const isLogoutPath = (url: string) => /^\/api\/logout\/?(?:\?|$)/.test(url);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
