import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestBus, testLogger } from '@waco/platform/testing';
import { type AdmissionLimits, buildGateway } from '../src/gateway';
import type { Upstreams } from '../src/upstreams/instances';
import { UPSTREAM_NAMES } from '../src/upstreams/routing-table';
import { type FakeService, startEchoService } from './fake-services';

/**
 * A listening gateway in front of the given fake services, an echo service standing for every
 * other upstream, and a web build holding the given files (`index.html`, ...).
 */
export async function startGatewayOver(
  given: FakeService[],
  options: {
    webFiles?: Record<string, string>;
    appOrigins?: string[];
    admission?: Partial<AdmissionLimits>;
    /** GUEST_CACHE_MS; the gateway's default when absent. */
    guestCacheMs?: number;
  } = {},
) {
  const testBus = await createTestBus('memory');
  const others = await Promise.all(
    UPSTREAM_NAMES.filter((name) => !given.some((s) => s.name === name)).map((name) =>
      startEchoService(name),
    ),
  );
  const services = [...given, ...others];
  const webDist = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  for (const [file, text] of Object.entries(options.webFiles ?? {})) writeFileSync(join(webDist, file), text);
  const gateway = await buildGateway({
    upstreams: Object.fromEntries(services.map((s) => [s.name, s.url])) as Upstreams,
    bus: testBus.bus,
    logger: testLogger,
    appOrigins: options.appOrigins ?? ['http://localhost:3000'],
    webDist,
    admission: options.admission,
    guestCacheMs: options.guestCacheMs,
  });
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 });
  return {
    base,
    bus: testBus.bus,
    async close() {
      await gateway.close();
      await Promise.all(services.map((s) => s.close()));
      await testBus.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
export type GatewayOverFakes = Awaited<ReturnType<typeof startGatewayOver>>;
