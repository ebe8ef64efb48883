import { describe, expect, it } from 'vitest';
import { lagLines } from '../src/ops/commands';

describe('npm run ops -- lag, as printed', () => {
  it("lines up each table's figures however long the names", () => {
    const lines = lagLines({
      relays: [
        { service: 'posts', events: 3, oldestSeconds: 0.25 },
        { service: 'notifications', events: 120, oldestSeconds: 4 },
      ],
      consumers: [
        { consumer: 'posts', producer: 'media', pending: 0, redelivered: 0 },
        { consumer: 'media-erased-accounts', producer: 'identity', pending: 12, redelivered: 1 },
        {
          consumer: 'notifications-follows',
          producer: 'identity',
          pending: 5,
          redelivered: 0,
          notConsuming: 'no stream',
        },
      ],
    });
    const column = (header: string, word: string) => {
      const rows = lines.slice(lines.indexOf(header) + 1).filter((line) => line.includes(word));
      return new Set(rows.map((line) => line.indexOf(word)));
    };
    expect(column('Outbox relays (committed, not yet published):', ' events,').size).toBe(1);
    expect(column('Consumers (not yet handled / redelivered):', ' pending,').size).toBe(1);
    expect(lines).toContain(
      '  notifications-follows ← identity      5 pending, 0 redelivered, NOT CONSUMING: no stream',
    );
  });
});
