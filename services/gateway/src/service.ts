import { type ProcessDefinition, settlesWithin, sleep, startMetricsServer } from '@waco/platform';
import { type GatewayConfig, gatewayConfigSchema } from './config';
import { buildGateway, GATEWAY_DRAIN_MS } from './gateway';
import { raisePriority } from './limits/priority';
import { upstreamsOf } from './upstreams/upstream-urls';

/** Connections waiting to be accepted, at the most (Node's default: 511). */
const ACCEPT_BACKLOG = 4096;

/**
 * The gateway as the platform runs it (`runMain`), like every service. It is a process
 * definition rather than a `ServiceDefinition`: it has no database, migrations or outbox, and its
 * app is its own (see `ProcessDefinition`).
 */
export const gatewayDefinition: ProcessDefinition<GatewayConfig> = {
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  async start({ config, logger, bus }) {
    raisePriority(config.SCHEDULING_PRIORITY, logger);
    let stopping = false;
    const gateway = await buildGateway({
      upstreams: upstreamsOf(config),
      bus,
      logger,
      appOrigins: config.APP_ORIGIN,
      publicUrl: config.APP_URL,
      webDist: config.WEB_DIST,
      redisUrl: config.REDIS_URL,
      storageOrigin: config.STORAGE_ORIGIN,
      storageUpstream: config.STORAGE_UPSTREAM,
      rateLimits: { general: config.RATE_LIMIT_PER_MINUTE, auth: config.AUTH_RATE_LIMIT_PER_MINUTE },
      admission: {
        inFlight: config.ADMISSION_IN_FLIGHT,
        queue: config.ADMISSION_QUEUE,
        queueWaitMs: config.ADMISSION_QUEUE_WAIT_MS,
      },
      sessionCacheMs: config.SESSION_CACHE_MS,
      guestCacheMs: config.GUEST_CACHE_MS,
      pageWaits: { bootPartMs: config.PAGE_PART_WAIT_MS, renderMs: config.PAGE_RENDER_WAIT_MS },
      production: config.NODE_ENV === 'production',
      trustProxy: config.TRUST_PROXY,
      accessLog: config.LOG_REQUESTS === 'true',
      readiness: {
        accepting: async () => {
          if (stopping) throw new Error('shutting down');
        },
      },
    });
    // Past the knee many neighbours connect at once while the gateway is busy: a connection
    // dropped from a full accept queue is tried again by the client only after a second or
    // three (SYN retransmits: the overload bench's tail before this), so the queue is long (the
    // kernel caps it at net.core.somaxconn).
    await gateway.listen({ host: config.HOST, port: config.PORT, backlog: ACCEPT_BACKLOG });
    // The gateway's port is public: its metrics have a listener of their own (runMain collects
    // them, as for every process; a service serves them at its own internal /metrics). Its port
    // still held by the instance this one replaces does not stop this one (metrics-server.ts).
    const metrics = await startMetricsServer({
      host: config.METRICS_HOST,
      port: config.METRICS_PORT,
      logger,
    });
    if (metrics.listening) logger.info({ url: `${metrics.url}/metrics` }, 'metrics listening');
    return {
      // Not ready first, still serving for SHUTDOWN_DELAY_MS, so that a load balancer stops
      // sending here. Then closing the app ends the live streams (each browser reconnects, with
      // its Last-Event-ID, to an instance still ready), stops accepting, and lets the requests in
      // flight finish; one still running at the deadline is cut off, so that a stopping gateway
      // always ends.
      drain: async () => {
        stopping = true;
        // The metrics port goes first: an instance replacing this one can take it at once.
        await metrics.close();
        if (config.SHUTDOWN_DELAY_MS) await sleep(config.SHUTDOWN_DELAY_MS);
        if (await settlesWithin(gateway.close(), GATEWAY_DRAIN_MS)) return;
        logger.warn(`requests still in flight after ${GATEWAY_DRAIN_MS} ms: closing their connections`);
        gateway.server.closeAllConnections();
      },
      stop: async () => {},
    };
  },
};
