import { SERVICE_NAMES } from '@waco/contracts/routes';
import { buildGateway, type Upstreams } from '@waco/gateway';
import type { EventBus, Logger } from '@waco/platform';

/** An address where nothing listens: the upstream of every service a benchmark did not start. */
const NOWHERE = 'http://127.0.0.1:9';

/**
 * The gateway in front of the services a benchmark started (the others answer nothing), with
 * rate limits out of the way: what a benchmark measures is the path, not the limiter.
 */
export function benchGateway(started: Partial<Upstreams>, bus: EventBus, logger: Logger) {
  return buildGateway({
    upstreams: {
      ...(Object.fromEntries(SERVICE_NAMES.map((name) => [name, NOWHERE])) as Upstreams),
      ...started,
    },
    bus,
    logger,
    appOrigins: ['http://localhost:3000'],
    webDist: '/nonexistent',
    rateLimits: { general: 1_000_000_000, auth: 1_000 },
  });
}
