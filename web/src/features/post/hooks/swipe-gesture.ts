import { type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { haptic } from '../../../lib/haptics';
import { decideSwipe, type SwipeOutcome } from '../../../lib/swipe';

interface Gesture {
  x: number;
  y: number;
  pointer: 'touch' | 'mouse' | 'pen';
  id: number;
}

/**
 * A carousel track's pointer gestures: the track follows the finger (`drag`, resisting past the
 * ends), a swipe moves one photo, and a tap (not a swipe) calls `onTap`.
 */
export function useSwipeGesture({
  index,
  count,
  setIndex,
  onTap,
}: {
  index: number;
  count: number;
  setIndex(index: number): void;
  onTap?(index: number): void;
}) {
  const [drag, setDrag] = useState<number | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const lastOutcome = useRef<SwipeOutcome | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    gesture.current = {
      x: e.clientX,
      y: e.clientY,
      pointer: e.pointerType as Gesture['pointer'],
      id: e.pointerId,
    };
    lastOutcome.current = null;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    const dx = e.clientX - g.x;
    if (Math.abs(dx) > 10 && count > 1) {
      if (drag === null) e.currentTarget.setPointerCapture?.(e.pointerId);
      // Resist past the ends, where a swipe does not wrap.
      const atEdge = (dx > 0 && index === 0) || (dx < 0 && index === count - 1);
      setDrag(atEdge ? dx / 3 : dx);
    }
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    gesture.current = null;
    setDrag(null);
    if (!g || g.id !== e.pointerId) return;
    const outcome = decideSwipe({
      dx: e.clientX - g.x,
      pointer: g.pointer,
      width: e.currentTarget.clientWidth,
      index,
      count,
    });
    lastOutcome.current = outcome;
    if (outcome === 'next' || outcome === 'prev') haptic('swipe', 'subtle');
    if (outcome === 'next') setIndex(index + 1);
    if (outcome === 'prev') setIndex(index - 1);
  };
  const onPointerCancel = () => {
    gesture.current = null;
    setDrag(null);
  };
  const onClick = (e: MouseEvent) => {
    // The carousel handles its own clicks: a tap opens the larger view, a swipe does nothing more.
    e.stopPropagation();
    const outcome = lastOutcome.current;
    lastOutcome.current = null;
    if (outcome === null || outcome === 'tap') onTap?.(index);
  };

  return { drag, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClick } };
}
