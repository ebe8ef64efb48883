import type { EndpointRoute } from './endpoint-route';

// The endpoints the gateway answers itself: the account export it gathers from every
// service's part, and the API's documents.
// Part of ENDPOINT_ROUTES (routes.ts), without zod as it; their schemas: gateway-schemas.ts.

// biome-ignore format: one endpoint a line reads as a table
export const GATEWAY_ROUTES = {
  // Everything the app holds about the user, from every service's `/internal/export/:id`.
  exportAccount: { method: 'GET', path: '/api/user/export', service: 'gateway', auth: 'user' },
  // The operator's console: every service's figures and readiness, gathered here.
  getSiteOverview: { method: 'GET', path: '/api/admin/overview', service: 'gateway', auth: 'admin' },
  openApi: { method: 'GET', path: '/api/openapi.json', service: 'gateway', auth: 'guest-ok' },
  apiDocs: { method: 'GET', path: '/api/docs', service: 'gateway', auth: 'guest-ok' },
  apiDocsFile: { method: 'GET', path: '/api/docs/:file', service: 'gateway', auth: 'guest-ok' },
  uploadToStorage: { method: 'PUT', path: '/storage/*', service: 'gateway', auth: 'guest-ok', embeddedOnly: true },
  robotsTxt: { method: 'GET', path: '/robots.txt', service: 'gateway', auth: 'guest-ok' },
  sitemap: { method: 'GET', path: '/sitemap.xml', service: 'gateway', auth: 'guest-ok' },
  sitemapPart: { method: 'GET', path: '/sitemap-:part', service: 'gateway', auth: 'guest-ok' },
} as const satisfies Record<string, EndpointRoute>;
