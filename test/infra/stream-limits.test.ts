import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { baseConfigSchema, JetStreamBus, loadConfig, streamLimits } from '@waco/platform';
import { requireNats, TEST_NATS_URL, testLogger, uniqueName } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The stream limits an operator sets in the environment (docker-compose.yml, the k8s ConfigMap)
// reach the streams the services create, and a changed value reaches them on the next start.

const prefix = uniqueName('limits').replace('_', '');
const buses: JetStreamBus[] = [];
const HOUR_NS = 3_600_000_000_000;

function configured(env: Record<string, string>) {
  return streamLimits(loadConfig(baseConfigSchema, { DATABASE_URL: 'postgres://x@h/db', ...env }));
}

async function start(env: Record<string, string>) {
  const bus = await JetStreamBus.connect({
    url: TEST_NATS_URL,
    prefix,
    logger: testLogger,
    streams: configured(env),
  });
  buses.push(bus);
  await bus.ensureStream('posts');
  return bus;
}

interface StreamLimitsSeen {
  name: string;
  max_age: number;
  max_bytes: number;
  num_replicas: number;
}

async function streamConfigs() {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const out: Record<string, StreamLimitsSeen> = {};
    for await (const s of jsm.streams.list()) {
      if (s.config.name.startsWith(`${prefix.toUpperCase()}_`)) out[s.config.name] = s.config;
    }
    return out;
  } finally {
    await nc.close();
  }
}

beforeAll(() => requireNats());
afterAll(async () => {
  await buses[0]?.deleteStreams();
  for (const bus of buses) await bus.close();
});

describe('JetStream stream limits from the configuration', () => {
  it('creates event streams with the age and size limits, and dead letters kept longer', async () => {
    await start({
      NATS_STREAM_MAX_AGE_HOURS: '720',
      NATS_STREAM_MAX_BYTES: '1073741824',
      NATS_DEAD_LETTER_MAX_AGE_HOURS: '2160',
    });
    const streams = Object.values(await streamConfigs());
    const events = streams.find((s) => !/DEADLETTER/i.test(s.name));
    const dead = streams.find((s) => /DEADLETTER/i.test(s.name));
    expect(events).toMatchObject({ max_age: 720 * HOUR_NS, max_bytes: 1073741824, num_replicas: 1 });
    expect(dead).toMatchObject({ max_age: 2160 * HOUR_NS, max_bytes: 1073741824 });
  });

  it('applies changed limits to the streams that exist on the next start', async () => {
    await buses.pop()?.close();
    await start({ NATS_STREAM_MAX_AGE_HOURS: '24', NATS_DEAD_LETTER_MAX_AGE_HOURS: '48' });
    const streams = Object.values(await streamConfigs());
    expect(streams.find((s) => !/DEADLETTER/i.test(s.name))).toMatchObject({
      max_age: 24 * HOUR_NS,
      max_bytes: -1,
    });
    expect(streams.find((s) => /DEADLETTER/i.test(s.name))).toMatchObject({ max_age: 48 * HOUR_NS });
  });

  it('refuses a replica count a JetStream cluster cannot have, naming the variable', () => {
    expect(() => configured({ NATS_STREAM_REPLICAS: '0' })).toThrow(/NATS_STREAM_REPLICAS/);
  });
});
