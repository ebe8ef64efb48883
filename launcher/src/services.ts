import { SERVICE_NAMES, type ServiceName } from '@waco/contracts/routes';
import { directoryService } from '@waco/directory';
import { groupsService } from '@waco/groups';
import { identityService } from '@waco/identity';
import { mediaService } from '@waco/media';
import { messagingService } from '@waco/messaging';
import { moderationService } from '@waco/moderation';
import { notificationsService } from '@waco/notifications';
import type { ServiceDefinition } from '@waco/platform';
import { postsService } from '@waco/posts';

export { SERVICE_NAMES, type ServiceName };

/**
 * What runs each service of SERVICE_NAMES (libs/contracts/src/endpoints/endpoint-route.ts, the one
 * list of services; its order is the start order). The type refuses a name missing or extra.
 */
export const SERVICES = {
  identity: identityService,
  posts: postsService,
  messaging: messagingService,
  notifications: notificationsService,
  media: mediaService,
  moderation: moderationService,
  groups: groupsService,
  directory: directoryService,
} as const satisfies Record<ServiceName, ServiceDefinition<unknown>>;

/** Ports of the distributed mode (and docker-compose.yml). */
export const DISTRIBUTED_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 3000,
  identity: 4001,
  posts: 4002,
  messaging: 4003,
  notifications: 4004,
  media: 4005,
  moderation: 4006,
  groups: 4007,
  directory: 4008,
};

/** The gateway's metrics listener in the distributed mode (its public port has no /metrics). */
export const GATEWAY_METRICS_PORT = 9464;
