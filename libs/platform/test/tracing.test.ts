import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import type { EventEnvelope } from '@waco/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentHandler } from '../src/bus/inbox';
import { appendToStream } from '../src/events/event-store';
import type { ServiceDefinition } from '../src/service';
import { createTestBus, startTestService } from '../src/testing';
import { waitFor } from '../src/testing/wait-for';
import { initTracing, shutdownTracing } from '../src/tracing';

// A request's trace continues into the service that handles it and, through the `traceparent`
// stored in the event envelope, into the consumer of the event it caused.

const exporter = new InMemorySpanExporter();
const consumed: EventEnvelope[] = [];

const producer: ServiceDefinition = {
  name: 'tracedproducer',
  migrations: {},
  publishes: true,
  build: (ctx) => ({
    routes(app) {
      app.post('/things', async () => {
        await ctx.database.db
          .transaction()
          .execute((trx) =>
            appendToStream(trx, ctx.database.schema, `thing-${Date.now()}`, 0, [
              { type: 'ThingMade', schemaVersion: 1, data: {} },
            ]),
          );
        return { ok: true };
      });
    },
  }),
};

const consumer: ServiceDefinition = {
  name: 'tracedconsumer',
  migrations: {},
  publishes: false,
  build: (ctx) => ({
    routes() {},
    subscriptions: [
      {
        consumer: 'tracedconsumer',
        producer: 'tracedproducer',
        types: ['ThingMade'],
        handle: idempotentHandler(ctx.database.db, 'tracedconsumer', async (event) => {
          consumed.push(event);
        }),
      },
    ],
  }),
};

let stop: () => Promise<void>;
let url: string;

beforeAll(async () => {
  initTracing({ serviceName: 'tracing-test', processors: [new SimpleSpanProcessor({ exporter })] });
  const { bus, close } = await createTestBus('memory');
  const c = await startTestService(consumer, { bus });
  const p = await startTestService(producer, { bus });
  url = p.url;
  stop = async () => {
    await close();
    await p.stop();
    await c.stop();
    await shutdownTracing();
  };
});
afterAll(() => stop?.());

describe('tracing', () => {
  it('follows a request into the service and through the event into its consumer', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${url}/things`, {
      method: 'POST',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.status).toBe(200);
    await waitFor(() => consumed.length === 1, 10_000, 'the event to be consumed');

    const event = consumed[0];
    expect(event?.traceparent).toContain(traceId);
    const spans = exporter.getFinishedSpans();
    // Named by method and route; the resource names the service that made it.
    const server = spans.find((s) => s.name === 'POST /things');
    expect(server?.resource.attributes['service.name']).toBe('tracedproducer');
    await waitFor(
      () => exporter.getFinishedSpans().some((s) => s.name === 'consume ThingMade'),
      5_000,
      'span',
    );
    const consume = exporter.getFinishedSpans().find((s) => s.name === 'consume ThingMade');
    expect(server?.spanContext().traceId).toBe(traceId);
    expect(consume?.spanContext().traceId).toBe(traceId);
  });
});
