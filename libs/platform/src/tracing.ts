import { context, propagation, ROOT_CONTEXT, type Span, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type SpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

let provider: TracerProvider | undefined;

/**
 * Registers the process's tracer provider once. Spans are always created (so `traceparent`
 * flows from the gateway into services and through event envelopes into consumers); they are
 * exported only when an OTLP endpoint is configured, or to the processors a test passes in.
 */
export function initTracing(options: {
  serviceName: string;
  otlpEndpoint?: string;
  processors?: SpanProcessor[];
}) {
  if (provider) return provider;
  const spanProcessors = [...(options.processors ?? [])];
  if (options.otlpEndpoint) {
    spanProcessors.push(
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${options.otlpEndpoint}/v1/traces` }),
      }),
    );
  }
  // With nowhere to send spans, record only what a caller asked to sample: trace context (ids in
  // `traceparent`) still flows through requests and events, at a fraction of the cost.
  provider = new TracerProvider({
    spanProcessors,
    sampler:
      spanProcessors.length > 0
        ? new AlwaysOnSampler()
        : new ParentBasedSampler({ root: new AlwaysOffSampler() }),
  });
  // What NodeTracerProvider.register() did before OpenTelemetry 3: the active span follows
  // async calls (AsyncLocalStorage), and `traceparent` is read and written in W3C form.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return provider;
}

export async function shutdownTracing() {
  await provider?.shutdown();
  provider = undefined;
  // Unregister, so that a later initTracing (tests) can install a fresh provider.
  trace.disable();
  context.disable();
  propagation.disable();
}

export const tracer = () => trace.getTracer('waco');

/** The W3C `traceparent` of the active span, or null outside any span. */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** Runs `fn` inside a span that continues the trace named by `traceparent` (if any). */
export function withSpanFrom<T>(
  name: string,
  traceparent: string | null | undefined,
  kind: SpanKind,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : context.active();
  return tracer().startActiveSpan(name, { kind }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      throw err;
    } finally {
      span.end();
    }
  });
}
export { SpanKind };
