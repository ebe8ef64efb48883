import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/metrics-server';
import { waitFor } from '../src/testing/wait-for';

describe('the metrics listener', () => {
  it('keeps the process going when its port is taken, says so, and takes the port once it is free', async () => {
    // Another process still holding the port: the instance being replaced, still draining.
    const holder = createServer((_req, res) => res.end('the old one'));
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const said: string[] = [];
    const logger = { warn: (msg: string) => said.push(msg), info: () => {} };

    const metrics = await startMetricsServer({ host: '127.0.0.1', port, logger, retryMs: 20 });
    expect(metrics.listening).toBe(false);
    expect(said.join('\n')).toMatch(
      new RegExp(`Metrics port ${port} .* is in use.*serving without /metrics`),
    );

    await new Promise<void>((resolve) => holder.close(() => resolve()));
    await waitFor(() => metrics.listening, 10_000, 'the port taken over');
    // This listener answers there now (its 404 for a path it does not have), not the old one.
    const res = await fetch(`http://127.0.0.1:${port}/nothing`);
    expect(await res.json()).toEqual({ message: 'No route for GET /nothing' });
    await metrics.close();
  });

  it('still fails at once for a reason that waiting does not cure', async () => {
    await expect(startMetricsServer({ host: '203.0.113.1', port: 0 })).rejects.toThrow(/EADDRNOTAVAIL/);
  });
});
