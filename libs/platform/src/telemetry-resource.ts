import { hostname } from 'node:os';
import { type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import { APP_VERSION } from '@waco/contracts';
import type { BaseConfig } from './config';

/** What a process's telemetry says of its deployment, from its parsed configuration. */
export interface Deployment {
  /** `SERVICE_VERSION` (the image's build sets it); else the release (APP_VERSION). */
  version?: string;
  /** `DEPLOYMENT_ENVIRONMENT`, else `NODE_ENV`. */
  environment?: string;
}

/** The deployment, as the parsed configuration names it (read once, with the rest). */
export function deploymentOf(
  config: Pick<BaseConfig, 'SERVICE_VERSION' | 'DEPLOYMENT_ENVIRONMENT' | 'NODE_ENV'>,
): Deployment {
  return { version: config.SERVICE_VERSION, environment: config.DEPLOYMENT_ENVIRONMENT ?? config.NODE_ENV };
}

const instance = `${hostname()}:${process.pid}`;

/**
 * What every span and metric of a service says about where it comes from (OpenTelemetry
 * resource semantic conventions): `service.name`, `service.version`, `deployment.environment.name`
 * (development when nothing names it).
 */
export function processResource(serviceName: string, deployment: Deployment = {}): Resource {
  return resourceFromAttributes({
    'service.name': serviceName,
    'service.namespace': 'waco',
    'service.version': deployment.version ?? APP_VERSION,
    'service.instance.id': instance,
    'deployment.environment.name': deployment.environment ?? 'development',
  });
}
