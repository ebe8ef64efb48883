import { limitReachedMessage, POSTING_LIMITS, translateServerMessage, waitWords } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import { isNewAccount, LimitRefusal, reachedLimit, refuseOverLimit } from '../src/limits/member-limits';

// The pure decision of the limits per member: which window is full, and when it frees.

const now = new Date('2026-03-10T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
const established = { registeredAt: days(30), emailVerified: true };

describe('a new account', () => {
  it('is younger than three days, unverified, or unknown yet', () => {
    expect(isNewAccount(undefined, now)).toBe(true);
    expect(isNewAccount({ registeredAt: days(10), emailVerified: false }, now)).toBe(true);
    expect(isNewAccount({ registeredAt: days(2), emailVerified: true }, now)).toBe(true);
    expect(isNewAccount({ registeredAt: days(3), emailVerified: true }, now)).toBe(false);
  });
});

describe('reachedLimit', () => {
  it('has room below the limit, and counts only what is inside the window', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ago(i));
    expect(reachedLimit(POSTING_LIMITS, { standing: undefined, recent: nine }, now)).toBeNull();
    const oldOnes = Array.from({ length: 10 }, (_, i) => ago(61 + i));
    expect(reachedLimit(POSTING_LIMITS, { standing: undefined, recent: oldOnes }, now)).toBeNull();
  });

  it('frees when the oldest counted act leaves the window', () => {
    // Ten in the last 50 minutes, newest first: the tenth (50 minutes ago) leaves in 10 minutes.
    const ten = Array.from({ length: 10 }, (_, i) => ago(i * 5 + 5));
    const reached = reachedLimit(POSTING_LIMITS, { standing: undefined, recent: ten }, now);
    expect(reached).toEqual({
      window: { per: 'hour', max: 10 },
      newAccount: true,
      retryAfterMs: 10 * 60_000,
    });
    expect(reachedLimit(POSTING_LIMITS, { standing: established, recent: ten }, now)).toBeNull();
  });

  it('takes the window that frees last when several are full', () => {
    // Twenty over the day, ten of them in the last hour: the day's frees later.
    const recent = [
      ...Array.from({ length: 10 }, (_, i) => ago(i + 1)),
      ...Array.from({ length: 10 }, (_, i) => ago(120 + i)),
    ];
    const reached = reachedLimit(POSTING_LIMITS, { standing: undefined, recent }, now);
    expect(reached?.window).toEqual({ per: 'day', max: 20 });
    expect(reached?.retryAfterMs).toBe(24 * 3_600_000 - 129 * 60_000);
  });

  it('refuses with 429, a sentence saying when, and Retry-After in whole seconds', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ago(i * 5 + 5));
    const refuse = () => refuseOverLimit('post', POSTING_LIMITS, { standing: undefined, recent: ten }, now);
    expect(refuse).toThrow(LimitRefusal);
    try {
      refuse();
    } catch (err) {
      const refusal = err as LimitRefusal;
      expect(refusal.statusCode).toBe(429);
      expect(refusal.message).toBe(
        'New or unverified accounts can make 10 posts an hour. You can post again in 10 minutes.',
      );
      expect(refusal.headers).toEqual({ 'retry-after': '600' });
    }
  });
});

describe('the refusal in words', () => {
  it('says the wait as people do, rounded up, and reads in Spanish from the catalogue', () => {
    expect([30_000, 61_000, 42 * 60_000, 3_599_500, 2 * 3_600_000 + 5].map(waitWords)).toEqual([
      '30 seconds',
      '2 minutes',
      '42 minutes',
      '1 hour',
      '3 hours',
    ]);
    const english = limitReachedMessage('first-message', false, { per: 'day', max: 150 }, 3 * 3_600_000);
    expect(english).toBe(
      'You can message 150 new people a day. You can message someone new again in 3 hours.',
    );
    expect(translateServerMessage(english, 'es')).toBe(
      'Puedes escribir a 150 personas nuevas al día. Podrás escribir a alguien nuevo en 3 horas.',
    );
  });
});
