import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpApp } from '@waco/platform';
import helmet, { type HelmetOptions } from 'helmet';

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
