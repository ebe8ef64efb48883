import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { type Resource, resourceFromAttributes } from '@opentelemetry/resources';

/**
 * The version every process reports: `SERVICE_VERSION` (the image's build sets it), else the
 * repository's package.json version.
 */
function serviceVersion(): string {
  if (process.env.SERVICE_VERSION) return process.env.SERVICE_VERSION;
  try {
    const url = new URL('../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const version = serviceVersion();
const instance = `${hostname()}:${process.pid}`;

/**
 * What every span and metric of a service says about where it comes from (OpenTelemetry
 * resource semantic conventions): `service.name`, `service.version`, `deployment.environment.name`
 * (`DEPLOYMENT_ENVIRONMENT`, else `NODE_ENV`, else development).
 */
export function processResource(serviceName: string): Resource {
  return resourceFromAttributes({
    'service.name': serviceName,
    'service.namespace': 'waco',
    'service.version': version,
    'service.instance.id': instance,
    'deployment.environment.name':
      process.env.DEPLOYMENT_ENVIRONMENT ?? process.env.NODE_ENV ?? 'development',
  });
}
