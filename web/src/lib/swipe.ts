/** Spec section 2's carousel gestures. */
export const SWIPE = {
  touchPx: 50,
  mousePx: 30,
  mouseWidthFraction: 0.2,
  tapPx: 10,
} as const;

export type SwipeOutcome = 'next' | 'prev' | 'tap' | 'none';

export interface SwipeInput {
  /** Horizontal movement in px; negative is a drag to the left (towards the next image). */
  dx: number;
  pointer: 'touch' | 'mouse' | 'pen';
  /** The carousel's width in px. */
  width: number;
  index: number;
  count: number;
}

/**
 * What a drag does: under 10 px it is a tap; a touch over 50 px, or a mouse over 30 px or 20%
 * of the width, changes the image; at the first and last image a swipe does not wrap.
 */
export function decideSwipe({ dx, pointer, width, index, count }: SwipeInput): SwipeOutcome {
  const distance = Math.abs(dx);
  if (distance < SWIPE.tapPx) return 'tap';
  const far =
    pointer === 'mouse'
      ? distance > SWIPE.mousePx || distance > width * SWIPE.mouseWidthFraction
      : distance > SWIPE.touchPx;
  if (!far || count < 2) return 'none';
  if (dx < 0) return index < count - 1 ? 'next' : 'none';
  return index > 0 ? 'prev' : 'none';
}

/** The arrows wrap around at both ends. */
export const wrapIndex = (index: number, count: number) => ((index % count) + count) % count;
