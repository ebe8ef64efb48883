import { z } from 'zod';
import { SiteOverview } from '../operator-console';
import type { EndpointSchemas } from './endpoint-schema';

// The schemas of gateway-routes.ts's endpoints, under the same names: part of
// ENDPOINT_SCHEMAS (schemas.ts).

// biome-ignore format: one endpoint a line reads as a table
export const GATEWAY_SCHEMAS = {
  getSiteOverview: { summary: "New members, posts and messages per day, and each service's readiness (the console)", response: { 200: SiteOverview } },
  exportAccount: { summary: 'Everything the app holds about the user, as a JSON download', answer: 'A JSON attachment' },
  openApi: { summary: 'This document (OpenAPI 3.1)', answer: 'The OpenAPI document' },
  apiDocs: { summary: 'A readable reference of this API, with "try it" (Swagger UI)', answer: 'An HTML page' },
  apiDocsFile: { summary: "A file of the reference's page: swagger-ui-bundle.js, swagger-ui.css or start.js", params: z.object({ file: z.enum(['swagger-ui-bundle.js', 'swagger-ui.css', 'start.js']) }), answer: 'JavaScript or CSS' },
  uploadToStorage: { summary: 'The object store behind a presigned URL (embedded launcher only)', answer: "The object store's own answer" },
  robotsTxt: { summary: "Crawlers' rules: every page but the moderators' and development's, not the API; the sitemap", answer: 'text/plain' },
  sitemap: { summary: 'The public pages and live posts, for search engines', answer: 'A sitemap (XML), or a sitemap index of sitemap-pages.xml and sitemap-posts-{n}.xml past 50,000 addresses' },
  sitemapPart: { summary: "One part of the sitemap index: sitemap-pages.xml or sitemap-posts-{n}.xml", answer: 'A sitemap (XML)' },
} as const satisfies Record<string, EndpointSchemas>;
