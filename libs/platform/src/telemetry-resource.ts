import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import type { BaseConfig } from './config';

/** What a process's telemetry says of its deployment, from its parsed configuration. */
export interface Deployment {
  /** `SERVICE_VERSION` (the image's build sets it); else the repository's package.json version. */
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

function packageVersion(): string {
  try {
    const url = new URL('../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
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
    'service.version': deployment.version ?? packageVersion(),
    'service.instance.id': instance,
    'deployment.environment.name': deployment.environment ?? 'development',
  });
}
