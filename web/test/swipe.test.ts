import { describe, expect, it } from 'vitest';
import { decideSwipe, SWIPE, wrapIndex } from '../src/lib/swipe';

const middle = { index: 1, count: 3, width: 400 };

describe('carousel swipe thresholds (spec section 2)', () => {
  it('counts a drag under 10 px as a tap', () => {
    expect(SWIPE.tapPx).toBe(10);
    expect(decideSwipe({ ...middle, dx: 9, pointer: 'mouse' })).toBe('tap');
    expect(decideSwipe({ ...middle, dx: -9.9, pointer: 'touch' })).toBe('tap');
    expect(decideSwipe({ ...middle, dx: 10, pointer: 'touch' })).toBe('none');
  });

  it('needs more than 50 px on touch', () => {
    expect(decideSwipe({ ...middle, dx: -50, pointer: 'touch' })).toBe('none');
    expect(decideSwipe({ ...middle, dx: -51, pointer: 'touch' })).toBe('next');
    expect(decideSwipe({ ...middle, dx: 51, pointer: 'touch' })).toBe('prev');
    // 40 px would be enough for a mouse, not for a finger.
    expect(decideSwipe({ ...middle, dx: -40, pointer: 'touch' })).toBe('none');
  });

  it('needs more than 30 px, or more than 20% of the width, with a mouse', () => {
    expect(decideSwipe({ ...middle, dx: -30, pointer: 'mouse' })).toBe('none');
    expect(decideSwipe({ ...middle, dx: -31, pointer: 'mouse' })).toBe('next');
    expect(decideSwipe({ ...middle, dx: 31, pointer: 'mouse' })).toBe('prev');
    // On a narrow carousel 20% of the width comes before 30 px.
    expect(decideSwipe({ index: 1, count: 3, width: 100, dx: -21, pointer: 'mouse' })).toBe('next');
    expect(decideSwipe({ index: 1, count: 3, width: 100, dx: -20, pointer: 'mouse' })).toBe('none');
  });

  it('does not wrap by swipe at the first and last image', () => {
    expect(decideSwipe({ index: 0, count: 3, width: 400, dx: 200, pointer: 'touch' })).toBe('none');
    expect(decideSwipe({ index: 2, count: 3, width: 400, dx: -200, pointer: 'touch' })).toBe('none');
    expect(decideSwipe({ index: 0, count: 3, width: 400, dx: -200, pointer: 'touch' })).toBe('next');
    expect(decideSwipe({ index: 2, count: 3, width: 400, dx: 200, pointer: 'mouse' })).toBe('prev');
  });

  it('wraps with the arrows', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
  });
});
