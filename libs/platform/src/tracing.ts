import {
  type Context,
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TracerProvider as SdkTracerProvider,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { type Deployment, processResource } from './telemetry-resource';

/**
 * One tracer provider per service name, all sharing the span processors. A process running one
 * service (distributed mode) has one; the embedded process runs five services and the gateway,
 * and each span is made by the provider of the service it runs in, so that every span carries
 * its service's `service.name` as an OpenTelemetry resource (which is per provider), exactly as
 * it would in the distributed mode. Which service a span belongs to travels in the context (see
 * `inService`): set by the HTTP server span and the consumer span, inherited by their children.
 */
const providers = new Map<string, SdkTracerProvider>();
let settings:
  | { serviceName: string; processors: SpanProcessor[]; sampleAll: boolean; deployment?: Deployment }
  | undefined;
let unregisterInstrumentations: (() => void) | undefined;

const SERVICE_KEY = createContextKey('waco.service');

/**
 * Registers the process's tracing once. Spans are always created (so `traceparent` flows from
 * the gateway into services and through event envelopes into consumers); they are exported only
 * when an OTLP endpoint is configured, or to the processors a test passes in. Outgoing HTTP
 * (undici: the gateway's proxy, fetch) is instrumented through Node's diagnostics channels.
 */
export function initTracing(options: {
  serviceName: string;
  otlpEndpoint?: string;
  processors?: SpanProcessor[];
  /** Its version and environment (`deploymentOf(config)`), on every span. */
  deployment?: Deployment;
}) {
  if (settings) return;
  const processors = [...(options.processors ?? [])];
  if (options.otlpEndpoint) {
    processors.push(
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${options.otlpEndpoint}/v1/traces` }),
      }),
    );
  }
  settings = {
    serviceName: options.serviceName,
    processors,
    sampleAll: processors.length > 0,
    deployment: options.deployment,
  };
  // What NodeTracerProvider.register() did before OpenTelemetry 3: the active span follows
  // async calls (AsyncLocalStorage), and `traceparent` is read and written in W3C form.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(routingProvider);
  unregisterInstrumentations = registerInstrumentations({
    instrumentations: [
      new UndiciInstrumentation({
        // Only as part of a request or an event being handled: no root spans for health probes.
        requireParentforSpans: true,
        // A request that names its trace already gets no span of its own: the gateway's forward
        // writes its server span's `traceparent` itself when that trace is not recorded (a client
        // span per forwarded request cost the gateway about a twentieth of its CPU for nothing).
        ignoreRequestHook: (request) => namesItsTrace(request.headers),
      }),
    ],
  });
}

function providerFor(serviceName: string): SdkTracerProvider {
  let provider = providers.get(serviceName);
  if (!provider) {
    const current = settings ?? { processors: [], sampleAll: false, deployment: undefined };
    provider = new SdkTracerProvider({
      resource: processResource(serviceName, current.deployment),
      spanProcessors: current.processors,
      // With nowhere to send spans, record only what a caller asked to sample: trace context (ids
      // in `traceparent`) still flows through requests and events, at a fraction of the cost.
      sampler: current.sampleAll
        ? new AlwaysOnSampler()
        : new ParentBasedSampler({ root: new AlwaysOffSampler() }),
    });
    providers.set(serviceName, provider);
  }
  return provider;
}

/** The service the context belongs to: set by `inService`, else the process's own name. */
export function serviceOf(ctx: Context = context.active()): string {
  return (ctx.getValue(SERVICE_KEY) as string | undefined) ?? settings?.serviceName ?? 'waco';
}

/** The context with `service` as the owner of the spans started in it. */
export function inService(service: string, ctx: Context = context.active()): Context {
  return ctx.setValue(SERVICE_KEY, service);
}

/** A tracer that starts each span with the provider of the service its context belongs to. */
class ServiceTracer implements Tracer {
  constructor(
    private readonly scope: string,
    private readonly version?: string,
  ) {}

  startSpan(name: string, options?: SpanOptions, ctx: Context = context.active()): Span {
    return providerFor(serviceOf(ctx)).getTracer(this.scope, this.version).startSpan(name, options, ctx);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...args: unknown[]): ReturnType<F> {
    const fn = args.pop() as F;
    const [options, ctx = context.active()] = args as [SpanOptions | undefined, Context | undefined];
    const span = this.startSpan(name, options, ctx);
    return context.with(trace.setSpan(ctx, span), () => fn(span)) as ReturnType<F>;
  }
}

const routingProvider: TracerProvider = {
  getTracer: (scope, version) => new ServiceTracer(scope, version),
};

export async function shutdownTracing() {
  unregisterInstrumentations?.();
  unregisterInstrumentations = undefined;
  await Promise.all([...providers.values()].map((p) => p.shutdown().catch(() => {})));
  providers.clear();
  settings = undefined;
  // Unregister, so that a later initTracing (tests) can install a fresh provider.
  trace.disable();
  context.disable();
  propagation.disable();
}

export const tracer = () => trace.getTracer('waco');

/** Whether an undici request's headers (a flat list, or undici 5's raw text) carry a `traceparent`. */
function namesItsTrace(headers: unknown): boolean {
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2) if (headers[i] === 'traceparent') return true;
    return false;
  }
  return typeof headers === 'string' && /(?:^|\r\n)traceparent:/i.test(headers);
}

/**
 * The `traceparent` for an outgoing request to carry when the active trace is not recorded (then
 * the undici instrumentation makes no client span for it: see `initTracing`); null when it is
 * recorded (the client span is worth its cost there, and writes its own) or outside any span.
 */
export function traceparentUnlessRecorded(): string | null {
  if (trace.getActiveSpan()?.isRecording()) return null;
  return currentTraceparent();
}

/** The W3C `traceparent` of the active span, or null outside any span. */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs `fn` inside a span that continues the trace named by `traceparent` (if any), or the
 * active one. With `service`, the span and its children belong to that service (embedded mode).
 */
export function withSpanFrom<T>(
  name: string,
  traceparent: string | null | undefined,
  kind: SpanKind,
  fn: (span: Span) => Promise<T>,
  options: { service?: string; attributes?: SpanOptions['attributes'] } = {},
): Promise<T> {
  let parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : context.active();
  const service = options.service ?? (context.active().getValue(SERVICE_KEY) as string | undefined);
  if (service) parent = inService(service, parent);
  return tracer().startActiveSpan(name, { kind, attributes: options.attributes }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: 2 });
      throw err;
    } finally {
      span.end();
    }
  });
}
export { SpanKind };
