import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement } from 'react';

/** A tooltip (delays come from the app's provider: 700 ms, skip 300 ms). */
export function Tip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="menu-anim z-[60] rounded-lg bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-lg"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
