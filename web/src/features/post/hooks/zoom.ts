import { type PointerEvent, useCallback, useRef, useState, type WheelEvent } from 'react';

export const ZOOM = { max: 4, doubleTap: 2.5, doubleTapMs: 300 } as const;

export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}
const NONE: ZoomState = { scale: 1, x: 0, y: 0 };
const clamp = (scale: number) => Math.min(ZOOM.max, Math.max(1, scale));

/**
 * Zooms what it is put on: the wheel, a pinch of two fingers, a double click or double tap
 * (2.5x, again to come back); once zoomed a drag moves the picture. Its pointer handlers run in
 * the capture phase and keep a pinch or a pan from reaching the carousel's swipe.
 */
export function useZoom() {
  const [zoom, setZoom] = useState<ZoomState>(NONE);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const lastTap = useRef(0);

  const reset = useCallback(() => setZoom(NONE), []);
  const toggle = useCallback(
    () => setZoom((z) => (z.scale > 1 ? NONE : { ...NONE, scale: ZOOM.doubleTap })),
    [],
  );
  const by = useCallback(
    (factor: number) =>
      setZoom((z) => {
        const scale = clamp(z.scale * factor);
        return scale === 1 ? NONE : { ...z, scale };
      }),
    [],
  );

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDownCapture = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), scale: zoom.scale };
    if (pointers.current.size > 1 || zoom.scale > 1) e.stopPropagation();
  };
  const onPointerMoveCapture = (e: PointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch.current && pointers.current.size === 2) {
      const scale = clamp(pinch.current.scale * (distance() / (pinch.current.distance || 1)));
      setZoom((z) => ({ ...z, scale }));
      e.stopPropagation();
    } else if (zoom.scale > 1) {
      const [dx, dy] = [e.clientX - before.x, e.clientY - before.y];
      setZoom((z) => ({ ...z, x: z.x + dx / z.scale, y: z.y + dy / z.scale }));
      e.stopPropagation();
    }
  };
  const onPointerUpCapture = (e: PointerEvent) => {
    const wasGesture = pointers.current.size > 1 || zoom.scale > 1;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (e.pointerType === 'touch' && pointers.current.size === 0) {
      const now = e.timeStamp;
      if (now - lastTap.current < ZOOM.doubleTapMs) {
        toggle();
        lastTap.current = 0;
      } else lastTap.current = now;
    }
    if (wasGesture) e.stopPropagation();
  };
  const onWheel = (e: WheelEvent) => by(Math.exp(-e.deltaY * 0.002));

  return {
    zoom,
    reset,
    by,
    handlers: {
      onPointerDownCapture,
      onPointerMoveCapture,
      onPointerUpCapture,
      onPointerCancelCapture: onPointerUpCapture,
      onWheel,
      onDoubleClick: toggle,
    },
  };
}
