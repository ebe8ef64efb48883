import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpApp } from '@waco/platform';
import helmet, { type HelmetOptions } from 'helmet';

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

/**
 * Security headers, with a Content-Security-Policy the built web app satisfies: its scripts are
 * files of its own or the page's one inline head script, allowed by its hash; its styles are its
 * own (Radix sets inline styles), images may be data: or blob: previews,
 * and browsers upload straight to the object store when `storageOrigin` is given.
 *
 * helmet computes the headers, once. `@fastify/helmet` builds helmet's middleware anew on every
 * request (about 5 µs, a few percent of a proxied request's cost against the 1.5x budget), to
 * allow per-route options and CSP nonces; with neither, the headers never change.
 */
export function securityHeaders(
  app: HttpApp,
  options: {
    production: boolean;
    storageOrigin?: string;
    /** Hashes of the page's own inline scripts (inline-scripts.ts). */
    inlineScripts?: string[];
  },
) {
  const connectSrc = ["'self'", ...(options.storageOrigin ? [new URL(options.storageOrigin).origin] : [])];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.inlineScripts ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc,
        fontSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only where the app is served over HTTPS; on http://localhost it would mislead.
    strictTransportSecurity: options.production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The browser features the app's pages may use: the camera, for the uploader's webcam (photos
 * only, so no microphone), and nothing else that reaches the device or the person; embedded
 * frames of other origins get none of them. Web Share and the clipboard keep their default (self).
 */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/** The headers helmet sets for a configuration, captured from one run of its middleware. */
function helmetHeaders(config: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(config)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}
