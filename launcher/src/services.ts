import { identityService } from '@waco/identity';
import { mediaService } from '@waco/media';
import { messagingService } from '@waco/messaging';
import { moderationService } from '@waco/moderation';
import { notificationsService } from '@waco/notifications';
import type { ServiceDefinition } from '@waco/platform';
import { postsService } from '@waco/posts';

/** Every service behind the gateway, by name. The order is the start order. */
export const SERVICES = {
  identity: identityService,
  posts: postsService,
  messaging: messagingService,
  notifications: notificationsService,
  media: mediaService,
  moderation: moderationService,
} as const satisfies Record<string, ServiceDefinition<unknown>>;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/** Ports of the distributed mode (and docker-compose.yml). */
export const DISTRIBUTED_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 3000,
  identity: 4001,
  posts: 4002,
  messaging: 4003,
  notifications: 4004,
  media: 4005,
  moderation: 4006,
};

/** The gateway's metrics listener in the distributed mode (its public port has no /metrics). */
export const GATEWAY_METRICS_PORT = 9464;
