import { describe, expect, it } from 'vitest';
import { AnswerFloor } from '../src/auth/answer-floor';

describe('AnswerFloor (a taken email answers no sooner than a new account)', () => {
  it('asks no wait before any success', () => {
    expect(new AnswerFloor().remaining(0)).toBe(0);
  });

  it('waits out the median of the recent successes, less what the refusal already took', () => {
    const floor = new AnswerFloor();
    for (const ms of [30, 10, 20, 500, 25]) floor.record(ms);
    expect(floor.remaining(5)).toBe(20); // median 25, one slow outlier ignored
    expect(floor.remaining(40)).toBe(0);
  });

  it('follows the recent past only', () => {
    const floor = new AnswerFloor(3);
    for (const ms of [100, 100, 100, 10, 10, 10]) floor.record(ms);
    expect(floor.remaining(0)).toBe(10);
  });
});
