import { DIRECTORY_ROUTES } from './directory-routes';
import type { EndpointRoute } from './endpoint-route';
import { GATEWAY_ROUTES } from './gateway-routes';
import { GROUPS_ROUTES } from './groups-routes';
import { IDENTITY_ROUTES } from './identity-routes';
import { MEDIA_ROUTES } from './media-routes';
import { MESSAGING_ROUTES } from './messaging-routes';
import { MODERATION_ROUTES } from './moderation-routes';
import { NOTIFICATIONS_ROUTES } from './notifications-routes';
import { POSTS_ROUTES } from './posts-routes';

export * from './endpoint-route';

// Every HTTP endpoint of the system, declared once: method, path, who may call it, which process
// answers it. Without zod, so that the web app's typed client can use it on its first screen; the
// schemas of each endpoint are in `schemas.ts`, under the same name. Each owner's endpoints are in
// its own file (`posts-routes.ts`), in the order of SERVICE_NAMES, then the gateway's own.
export const ENDPOINT_ROUTES = {
  ...IDENTITY_ROUTES,
  ...POSTS_ROUTES,
  ...MESSAGING_ROUTES,
  ...NOTIFICATIONS_ROUTES,
  ...MEDIA_ROUTES,
  ...MODERATION_ROUTES,
  ...GROUPS_ROUTES,
  ...DIRECTORY_ROUTES,
  ...GATEWAY_ROUTES,
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof ENDPOINT_ROUTES;

/** A service's part of the account export (`exportPartRoute`): `postsExport`, ... */
export type ExportPartName = Extract<EndpointName, `${string}Export`>;

/** The parts of the account export, in the table's order (the order the export shows them). */
export const EXPORT_PARTS: readonly ExportPartName[] = (
  Object.keys(ENDPOINT_ROUTES) as EndpointName[]
).filter((name): name is ExportPartName => name.endsWith('Export'));
