import { readFileSync } from 'node:fs';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import { gatewayConfigSchema, upstreamUrlVariable } from '@waco/gateway';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  type ComposeService,
  composeToolFound,
  envExample,
  type ResolvedCompose,
  ROOT,
  rawCompose,
  resolvedCompose,
  resolvedComposeLite,
} from './support/compose';

// docker-compose.yml as an operator uses it: `cp .env.example .env && docker compose up`, then
// `--scale messaging=3 --scale notifications=2`. Validated without a Docker engine: resolved by
// the compose tool (scripts/check-compose.sh) where one is installed, and by the test's own
// resolver everywhere, so that a fresh CI machine without compose still checks the file.

type Resolver = [string, () => ResolvedCompose];
const RESOLVERS: Resolver[] = [['the test resolver', resolvedComposeLite]];
if (composeToolFound()) RESOLVERS.unshift(['docker compose config', resolvedCompose]);

// The one list of services (libs/contracts/src/endpoints/endpoint-route.ts): a service added
// there fails these tests until the file runs it.
const APP_SERVICES = SERVICE_NAMES;
const SCALED = ['messaging', 'notifications'];

describe.each(RESOLVERS)('docker-compose.yml, resolved by %s', (_by, resolve) => {
  const { services } = resolve();
  /** A service of the resolved file; a missing one fails the test naming it. */
  function svc(name: string): ComposeService {
    const service = services[name];
    if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
    return service;
  }

  it('runs every service of SERVICE_NAMES, and the gateway reaches each at its <NAME>_URL', () => {
    const gateway = svc('gateway');
    for (const name of SERVICE_NAMES) {
      // One lowercase word: a host name here, a role and a schema in Postgres.
      expect(name).toMatch(/^[a-z]+$/);
      const port = svc(name).environment?.PORT;
      expect(port, `${name}'s PORT`).toMatch(/^\d+$/);
      expect(
        gateway.environment?.[upstreamUrlVariable(name)],
        `the gateway's ${upstreamUrlVariable(name)}`,
      ).toBe(`http://${name}:${port}`);
      expect(gateway.depends_on?.[name]?.condition, `the gateway waits for ${name}`).toBe('service_healthy');
    }
    // The gateway's own schema reads this environment as the gateway will (every URL required).
    const parsed = gatewayConfigSchema.safeParse(gateway.environment);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("creates each service's database role: init.sh lists it, Postgres gets its password", () => {
    const initSh = readFileSync(`${ROOT}infra/postgres/init.sh`, 'utf8');
    const listed = initSh.match(/^SERVICES=\(([^)]*)\)$/m)?.[1]?.split(/\s+/) ?? [];
    expect(listed).toEqual([...SERVICE_NAMES]);
    for (const name of SERVICE_NAMES)
      expect(svc('postgres').environment?.[`${name.toUpperCase()}_DB_PASSWORD`], name).toBeTruthy();
  });

  it('pins every image to a version, and none is MinIO', () => {
    for (const [name, service] of Object.entries(services)) {
      const image = service.image ?? '';
      expect(image, `${name} has no image`).not.toBe('');
      expect(image, `${name}: ${image}`).not.toMatch(/minio/i);
      const tag = image.includes(':') ? image.slice(image.lastIndexOf(':') + 1) : '';
      expect(tag, `${name}: ${image} is not pinned to a version`).toMatch(/^v?\d|^[a-z]+$/);
      expect(tag, `${name}: ${image}`).not.toBe('latest');
      if (!service.build) expect(tag, `${name}: ${image} names no version`).toMatch(/^v?\d+(\.\d+)+/);
    }
  });

  it('writes no secret into the file: every password and key comes from .env', () => {
    const raw = rawCompose();
    for (const line of raw.split('\n')) {
      const m = line.match(/^\s*([A-Z_]*(PASSWORD|SECRET|ACCESS_KEY|SECRET_KEY)[A-Z_]*):\s*(.+)$/);
      if (m) expect(m[3], line.trim()).toMatch(/^\$\{[A-Z0-9_]+(:\?[^}]*)?\}$/);
      const url = line.match(/postgres:\/\/[^:\s]+:([^@\s]+)@/);
      if (url) expect(url[1], line.trim()).toMatch(/^\$\{[A-Z0-9_]+\}$/);
    }
    // Every variable the file requires is in .env.example.
    const required = [...raw.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]);
    for (const name of new Set(required)) expect(envExample()).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it('names no fixed origin: the app origin and the store URL come from .env', () => {
    // (Healthchecks inside a container reach it at 127.0.0.1; no origin names localhost.)
    expect(rawCompose()).not.toMatch(/localhost/);
    expect(svc('gateway').environment?.APP_ORIGIN).toBe('http://localhost:3000');
    expect(svc('media').environment?.S3_PUBLIC_ENDPOINT).toBe('http://localhost:8333');
  });

  it('gives every service its own database role', () => {
    for (const name of APP_SERVICES) {
      const url = new URL(svc(name).environment?.DATABASE_URL ?? '');
      expect(url.username).toBe(name);
      expect(url.password).not.toBe('');
    }
    expect(svc('gateway').environment?.DATABASE_URL).toBeUndefined();
  });

  it('starts each service once what it needs is ready, NATS included', () => {
    for (const name of [...APP_SERVICES, 'gateway']) {
      const deps = svc(name).depends_on ?? {};
      expect(Object.keys(deps), name).toContain('nats');
      for (const [dep, { condition }] of Object.entries(deps)) {
        expect(condition, `${name} -> ${dep}`).toBe('service_healthy');
        expect(svc(dep).healthcheck, `${dep} has no healthcheck`).toBeDefined();
      }
      expect(JSON.stringify(svc(name).healthcheck?.test)).toContain('/readyz');
    }
    expect(JSON.stringify(svc('nats').healthcheck?.test)).toMatch(/8222\/healthz/);
    expect(svc('nats').command?.join(' ')).toMatch(/-js .*-m 8222/);
  });

  it('keeps JetStream streams bounded, dead letters longer than events', () => {
    for (const name of APP_SERVICES) {
      const env = svc(name).environment ?? {};
      const age = Number(env.NATS_STREAM_MAX_AGE_HOURS);
      expect(age, name).toBeGreaterThan(0);
      expect(Number(env.NATS_STREAM_MAX_BYTES), name).toBeGreaterThan(0);
      expect(Number(env.NATS_DEAD_LETTER_MAX_AGE_HOURS), name).toBeGreaterThan(age);
    }
  });

  it('rotates every container log', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging?.options?.['max-size'], name).toMatch(/^\d+[kmg]$/);
      expect(Number(service.logging?.options?.['max-file']), name).toBeGreaterThan(1);
    }
  });

  it('can scale messaging and notifications: no container name, no host port, one image', () => {
    for (const name of APP_SERVICES) {
      expect(svc(name).container_name, name).toBeUndefined();
      expect(svc(name).ports ?? [], name).toEqual([]);
      expect(svc(name).image).toBe(svc('gateway').image);
      expect(svc(name).command, name).toEqual(['node', `services/${name}/dist/main.js`]);
    }
    for (const name of SCALED)
      expect(svc('gateway').environment?.[`${name.toUpperCase()}_URL`]).toMatch(
        new RegExp(`^http://${name}:\\d+$`),
      );
  });

  it("sends identity's mail to Mailpit unless SMTP_URL names a server, its UI on loopback only", () => {
    expect(svc('mailpit').image).toMatch(/^axllent\/mailpit:v\d/);
    expect(svc('identity').environment?.SMTP_URL).toBe('smtp://mailpit:1025?tls=off');
    expect(JSON.stringify(svc('mailpit').ports)).toContain('127.0.0.1');
  });

  it('has the object store create its bucket and answer the app origin for CORS', () => {
    const storage = svc('storage');
    expect(storage.image).toMatch(/^chrislusf\/seaweedfs:\d/);
    expect(storage.command).toContain('-s3.allowedOrigins=http://localhost:3000');
    expect(storage.environment?.S3_BUCKET).toBe(svc('media').environment?.S3_BUCKET);
    expect(storage.environment?.AWS_ACCESS_KEY_ID).toBe(svc('media').environment?.S3_ACCESS_KEY);
  });

  it("shares the gateways' rate limits in Valkey (open source, the Redis protocol), not Redis", () => {
    const valkey = svc('valkey');
    expect(valkey.image).toMatch(/^valkey\/valkey:\d+\.\d+\.\d+-alpine$/);
    expect(services.redis).toBeUndefined();
    expect(svc('gateway').environment?.REDIS_URL).toBe('redis://valkey:6379');
    expect(svc('gateway').depends_on?.valkey?.condition).toBe('service_healthy');
  });
});

describe('infra/compose/observability.yml', () => {
  it('sends the traces and metrics of the gateway and every service of SERVICE_NAMES to the collector', () => {
    const overlay = parse(readFileSync(`${ROOT}infra/compose/observability.yml`, 'utf8'));
    for (const name of ['gateway', ...SERVICE_NAMES]) {
      // Compose's own variable syntax, resolved by compose: the collector unless .env names another.
      expect(overlay.services[name]?.environment?.OTEL_EXPORTER_OTLP_ENDPOINT, name).toBe(
        ['$', '{OTEL_EXPORTER_OTLP_ENDPOINT:-http://lgtm:4318}'].join(''),
      );
    }
  });
});
