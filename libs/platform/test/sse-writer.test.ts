import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseWriter } from '../src/live/sse-writer';
import { initMetrics, serveMetrics, shutdownMetrics } from '../src/metrics';

// A live stream whose reader falls over a megabyte behind is closed, and counted: the count is
// what the alert on live-stream drops reads (waco_sse_dropped_total).

const logger = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };

async function metricsText(): Promise<string> {
  const server = createServer((req, res) => serveMetrics(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return text;
}

const dropped = (text: string) => Number(text.match(/^waco_sse_dropped_total\{[^}]*\} (\d+)/m)?.[1] ?? 0);

/** A response whose reader never reads: everything written stays buffered. */
function stuckResponse() {
  let buffered = 0;
  let ended = false;
  const res = {
    destroyed: false,
    get writableLength() {
      return buffered;
    },
    write(text: string) {
      buffered += Buffer.byteLength(text);
      return false;
    },
    end(done?: () => void) {
      ended = true;
      done?.();
    },
    socket: null,
  };
  return { res: res as unknown as ServerResponse, ended: () => ended };
}

describe('a live stream whose reader cannot keep up', () => {
  beforeAll(() => initMetrics({ serviceName: 'sse-writer-test' }));
  afterAll(() => shutdownMetrics());

  it('is closed once over a megabyte waits, and counted as dropped', async () => {
    const before = dropped(await metricsText());
    const { res, ended } = stuckResponse();
    const writer = new SseWriter(res, logger as never, { userId: 'u1' });
    const chunk = `data: ${'x'.repeat(64 * 1024)}\n\n`;
    for (let i = 0; i < 15; i++) writer.send(chunk);
    expect(ended()).toBe(false);
    for (let i = 0; i < 5; i++) writer.send(chunk);
    expect(ended()).toBe(true);
    expect(writer.isOpen).toBe(false);
    expect(dropped(await metricsText())).toBe(before + 1);
  });

  it('is not counted while its reader keeps up', async () => {
    const before = dropped(await metricsText());
    const { res, ended } = stuckResponse();
    const writer = new SseWriter(res, logger as never, { userId: 'u2' });
    writer.send('data: hello\n\n');
    writer.end();
    expect(ended()).toBe(true);
    expect(dropped(await metricsText())).toBe(before);
  });
});
