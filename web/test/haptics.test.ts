import { afterEach, describe, expect, it, vi } from 'vitest';
import { haptic, hapticDuration } from '../src/lib/haptics';

function stubDevice({ vibrate, reduced }: { vibrate?: (ms: number) => boolean; reduced: boolean }) {
  vi.stubGlobal('navigator', vibrate ? { vibrate } : {});
  vi.stubGlobal('window', { matchMedia: () => ({ matches: reduced }) });
}

afterEach(() => vi.unstubAllGlobals());

describe('haptics (spec section 9)', () => {
  it('uses the durations and scales of the spec', () => {
    expect(hapticDuration('tap')).toBe(150);
    expect(hapticDuration('like')).toBe(600);
    expect(hapticDuration('save')).toBe(500);
    expect(hapticDuration('swipe')).toBe(300);
    expect(hapticDuration('pinch')).toBe(200);
    expect(hapticDuration('success')).toBe(800);
    expect(hapticDuration('error')).toBe(600);
    expect(hapticDuration('tap', 'subtle')).toBe(105);
    expect(hapticDuration('success', 'strong')).toBe(1200);
  });

  it('vibrates where the device can', () => {
    const vibrate = vi.fn(() => true);
    stubDevice({ vibrate, reduced: false });
    expect(haptic('like', 'strong')).toBe(true);
    expect(vibrate).toHaveBeenCalledWith(900);
  });

  it('is silent without navigator.vibrate', () => {
    stubDevice({ reduced: false });
    expect(haptic('tap')).toBe(false);
  });

  it('is off when the user prefers reduced motion', () => {
    const vibrate = vi.fn(() => true);
    stubDevice({ vibrate, reduced: true });
    expect(haptic('tap')).toBe(false);
    expect(vibrate).not.toHaveBeenCalled();
  });
});
