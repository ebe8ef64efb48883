import { HAPTIC_DURATIONS_MS, HAPTIC_SCALES } from '@waco/contracts';

export type HapticKind = keyof typeof HAPTIC_DURATIONS_MS;
export type HapticScale = keyof typeof HAPTIC_SCALES;

/** How long a buzz lasts (spec section 9): the kind's duration times the scale's factor. */
export const hapticDuration = (kind: HapticKind, scale: HapticScale = 'medium') =>
  Math.round(HAPTIC_DURATIONS_MS[kind] * HAPTIC_SCALES[scale]);

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A short vibration through `navigator.vibrate` where the device has it; silent elsewhere, and
 * off when the user prefers reduced motion. Answers whether it buzzed.
 */
export function haptic(kind: HapticKind, scale: HapticScale = 'medium'): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return false;
  if (prefersReducedMotion()) return false;
  try {
    return navigator.vibrate(hapticDuration(kind, scale));
  } catch {
    return false;
  }
}
