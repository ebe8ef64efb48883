import { describe, expect, it } from 'vitest';
import { baseConfigSchema, deploymentOf, loadConfig, processResource } from '../src';

const minimal = { DATABASE_URL: 'postgres://u@localhost/db' };

describe('the telemetry resource', () => {
  it('names the version and environment the configuration gives', () => {
    const config = loadConfig(baseConfigSchema, {
      ...minimal,
      SERVICE_VERSION: '1.2.3',
      DEPLOYMENT_ENVIRONMENT: 'staging',
      NODE_ENV: 'production',
    });
    const attributes = processResource('posts', deploymentOf(config)).attributes;
    expect(attributes['service.name']).toBe('posts');
    expect(attributes['service.version']).toBe('1.2.3');
    expect(attributes['deployment.environment.name']).toBe('staging');
  });

  it('falls back to NODE_ENV, and to the repository version', () => {
    const config = loadConfig(baseConfigSchema, { ...minimal, NODE_ENV: 'production' });
    const attributes = processResource('posts', deploymentOf(config)).attributes;
    expect(attributes['deployment.environment.name']).toBe('production');
    expect(attributes['service.version']).toMatch(/^\d+\.\d+\.\d+/);
  });
});
