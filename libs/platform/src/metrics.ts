import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { type Attributes, type Meter, metrics, type ObservableResult } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { type Deployment, processResource } from './telemetry-resource';

/**
 * The process's metrics: one OpenTelemetry meter provider, read in Prometheus text at each
 * process's internal `/metrics` (a service's own port; the gateway's and the embedded process's
 * METRICS_PORT, never the public one), and pushed over OTLP when an endpoint is configured.
 * Names follow the OpenTelemetry semantic conventions where they define one (HTTP, runtime);
 * the app's own figures are under `waco.`.
 */
let provider: MeterProvider | undefined;
let prometheus: PrometheusExporter | undefined;
let stopRuntime: (() => void) | undefined;

export function initMetrics(options: {
  serviceName: string;
  otlpEndpoint?: string;
  exportIntervalMs?: number;
  /** Its version and environment (`deploymentOf(config)`), on every series' resource. */
  deployment?: Deployment;
}) {
  if (provider) return;
  // Every series carries service_name (the resource's), so that one Prometheus tells processes apart.
  prometheus = new PrometheusExporter({
    preventServerStart: true,
    withResourceConstantLabels: /^service\.name$/,
  });
  const readers = [
    prometheus,
    ...(options.otlpEndpoint
      ? [
          new PeriodicExportingMetricReader({
            exporter: new OTLPMetricExporter({ url: `${options.otlpEndpoint}/v1/metrics` }),
            exportIntervalMillis: options.exportIntervalMs ?? 15_000,
          }),
        ]
      : []),
  ];
  provider = new MeterProvider({
    resource: processResource(options.serviceName, options.deployment),
    readers,
  });
  metrics.setGlobalMeterProvider(provider);
  stopRuntime = observeRuntime(meter());
}

export async function shutdownMetrics() {
  stopRuntime?.();
  await provider?.shutdown().catch(() => {});
  provider = undefined;
  prometheus = undefined;
  metrics.disable();
  instruments = undefined;
}

/** The meter; a no-op one until `initMetrics` (tests that do not look at metrics). */
export const meter = (): Meter => metrics.getMeter('waco');

/** Serves the Prometheus text (a service's `/metrics` route, the metrics listener). */
export function serveMetrics(req: IncomingMessage, res: ServerResponse) {
  if (!prometheus) {
    res.statusCode = 404;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ message: 'Metrics are not enabled in this process' }));
    return;
  }
  prometheus.getMetricsRequestHandler(req, res);
}

/** Seconds buckets the HTTP semantic conventions advise for request durations. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

function createInstruments(m: Meter) {
  /** A counter of `unit`s (UCUM's `{thing}` for a count of things), described for the scrape. */
  const counter = (name: string, unit: string, description: string) =>
    m.createCounter(name, { description, unit });
  return {
    httpServerDuration: m.createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    sessionLookups: counter(
      'waco.session.cache.lookups',
      '{lookup}',
      'Session lookups by the gateway, by result (hit: answered from its cache)',
    ),
    redeliveries: counter(
      'waco.consumer.redeliveries',
      '{event}',
      'Events handed to a consumer again after a failed try',
    ),
    admissionRefused: counter(
      'waco.gateway.admission.refused',
      '{request}',
      'Requests the gateway refused (503) because as many as it admits were in flight',
    ),
    sseDropped: counter(
      'waco.sse.dropped',
      '{stream}',
      'Live streams closed because their reader was too slow (over a megabyte waiting)',
    ),
  };
}
let instruments: ReturnType<typeof createInstruments> | undefined;
let instrumentsOf: MeterProvider | undefined;

/** The process's synchronous instruments (made again after a new `initMetrics`). */
export function telemetry() {
  if (!instruments || instrumentsOf !== provider) {
    instruments = createInstruments(meter());
    instrumentsOf = provider;
  }
  return instruments;
}

/**
 * Registers a gauge read at each collection (Prometheus scrape, OTLP export). `observe` may be
 * async (a query); a failing one reports nothing this time. Returns what unregisters it.
 */
export function observeGauge(
  name: string,
  options: { description: string; unit: string },
  observe: (report: (value: number, attributes?: Attributes) => void) => void | Promise<void>,
): () => void {
  const gauge = meter().createObservableGauge(name, options);
  const callback = async (result: ObservableResult) => {
    try {
      await observe((value, attributes) => result.observe(value, attributes));
    } catch {
      // A figure that cannot be read now (database away) is missing from this scrape.
    }
  };
  gauge.addCallback(callback);
  return () => gauge.removeCallback(callback);
}

/** Node runtime figures (semantic conventions for Node.js and V8 runtime metrics). */
function observeRuntime(m: Meter): () => void {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const delay = m.createObservableGauge('nodejs.eventloop.delay', {
    description: 'Event loop delay since the last collection, by percentile',
    unit: 's',
  });
  const heap = m.createObservableGauge('v8js.memory.heap.used', {
    description: 'Heap used, by space',
    unit: 'By',
  });
  const heapLimit = m.createObservableGauge('v8js.memory.heap.limit', {
    description: 'Heap size, by space',
    unit: 'By',
  });
  const onDelay = (r: ObservableResult) => {
    r.observe(loop.percentile(50) / 1e9, { 'nodejs.eventloop.delay.percentile': 'p50' });
    r.observe(loop.percentile(99) / 1e9, { 'nodejs.eventloop.delay.percentile': 'p99' });
    r.observe(loop.max / 1e9, { 'nodejs.eventloop.delay.percentile': 'max' });
    loop.reset();
  };
  const onHeap = (r: ObservableResult) => {
    for (const space of getHeapSpaceStatistics())
      r.observe(space.space_used_size, { 'v8js.heap.space.name': space.space_name });
  };
  const onHeapLimit = (r: ObservableResult) => {
    for (const space of getHeapSpaceStatistics())
      r.observe(space.space_size, { 'v8js.heap.space.name': space.space_name });
  };
  delay.addCallback(onDelay);
  heap.addCallback(onHeap);
  heapLimit.addCallback(onHeapLimit);
  const gc = m.createHistogram('v8js.gc.duration', {
    description: 'Garbage collection duration, by kind',
    unit: 's',
    advice: { explicitBucketBoundaries: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1] },
  });
  const gcKinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      gc.record(entry.duration / 1000, { 'v8js.gc.type': gcKinds[kind] ?? 'other' });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    loop.disable();
    observer.disconnect();
    delay.removeCallback(onDelay);
    heap.removeCallback(onHeap);
    heapLimit.removeCallback(onHeapLimit);
  };
}
