import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@waco/contracts';
import {
  cloneElement,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

/** When the last tip closed: another opened within the skip delay shows at once. */
let lastClosedAt = 0;

/**
 * How the person last pressed: a key, a mouse, a finger. A focus that follows a tap (the button
 * tapped, or the focus given back to it when a dialog it opened closes) shows no tip, nor does
 * the hover a phone's browser leaves where the finger was: on a touch screen nothing would ever
 * hide it again.
 */
let lastInput: 'keyboard' | 'mouse' | 'touch' | null = null;
let following = false;
function followInput() {
  if (following) return;
  following = true;
  document.addEventListener('keydown', () => (lastInput = 'keyboard'), true);
  document.addEventListener(
    'pointerdown',
    (event) => (lastInput = event.pointerType === 'mouse' ? 'mouse' : 'touch'),
    true,
  );
}
/** A hover means a mouse on a device that has one, not a finger's last place. */
const canHover = () => window.matchMedia('(hover: hover)').matches && lastInput !== 'touch';

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

/**
 * A tooltip for an icon button (spec: delay 700 ms, skip delay 300 ms): shown on a mouse's hover
 * or a keyboard's focus (never on touch), hidden on leave, blur, a press or Escape; named by the trigger's
 * `aria-describedby` while shown. Written here rather than loaded with a positioning library:
 * it sits in the header of every first screen, where each kilobyte of script delays the first card.
 */
export function Tip({ label, children }: { label: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), skip ? 0 : TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosedAt = Date.now();
      return false;
    });
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', hide);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', hide);
    };
  });
  useEffect(() => {
    followInput();
    return () => clearTimeout(timer.current);
  }, []);

  const trigger = cloneElement(children, {
    'aria-describedby': open ? id : undefined,
    onPointerEnter: (event: PointerEvent<HTMLElement>) =>
      event.pointerType === 'mouse' && canHover() && show(),
    onPointerLeave: hide,
    onFocus: () => lastInput === 'keyboard' && show(),
    onBlur: hide,
  });
  return (
    <span className="relative inline-flex">
      {trigger}
      {open && (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute top-full left-1/2 z-[60] mt-1.5 -translate-x-1/2 whitespace-nowrap rounded-lg bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-lg"
        >
          {label}
        </span>
      )}
    </span>
  );
}
