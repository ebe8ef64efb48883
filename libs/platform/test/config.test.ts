import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, isExplicitDevelopment, loadConfig } from '../src/config';

const valid = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };

/** The error `loadConfig` throws for `env` (fails the test when it does not throw). */
function configError(env: NodeJS.ProcessEnv, schema: z.ZodType = baseConfigSchema): ConfigError {
  try {
    loadConfig(schema, env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('parses a valid environment, with defaults and coercion', () => {
    const config = loadConfig(baseConfigSchema, { ...valid, PORT: '8080', BUS: 'memory' });
    expect(config).toMatchObject({
      DATABASE_URL: valid.DATABASE_URL,
      PORT: 8080,
      BUS: 'memory',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      NATS_URL: 'nats://127.0.0.1:4222',
      BUS_PREFIX: '',
    });
  });

  it('names a missing variable', () => {
    const { message } = configError({});
    expect(message).toMatch(/^\s*DATABASE_URL: DATABASE_URL is required/m);
  });

  it.each([
    ['DATABASE_URL', 'not a url'],
    ['DATABASE_URL', 'http://127.0.0.1:5432/test'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['BUS', 'kafka'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['DB_SCHEMA', 'Posts-Schema'],
    ['BUS_PREFIX', 'Test_Run'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector'],
  ])('names an invalid %s (%s)', (name, value) => {
    const { message } = configError({ ...valid, [name]: value });
    expect(message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
    // Only the wrong variable is named.
    expect(message.trim().split('\n')).toHaveLength(2);
  });

  it('names every wrong variable at once, including a service’s own', () => {
    const schema = baseConfigSchema.extend({ S3_ENDPOINT: z.url(), S3_BUCKET: z.string().min(1) });
    const { message } = configError({ PORT: '-1' }, schema);
    for (const name of ['DATABASE_URL', 'PORT', 'S3_ENDPOINT', 'S3_BUCKET']) {
      expect(message).toMatch(new RegExp(`^\\s*${name}: `, 'm'));
    }
    expect(message).not.toMatch(/^\s*BUS: /m);
  });
});

describe('isExplicitDevelopment (the dev sign-in exists only then)', () => {
  it.each([
    [{ NODE_ENV: 'development' }, true],
    [{}, false],
    [{ NODE_ENV: '' }, false],
    [{ NODE_ENV: 'test' }, false],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'Development ' }, false],
  ])('%j → %s', (env, expected) => {
    expect(isExplicitDevelopment(env)).toBe(expected);
  });
});
