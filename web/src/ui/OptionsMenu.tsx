import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ellipsis } from 'lucide-react';
import type { ReactNode } from 'react';

/** A menu item's look (Radix's `data-highlighted` marks the one under the pointer or keys). */
export const menuItemClass =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm outline-none select-none data-[highlighted]:bg-muted';

const MENU_CONTENT = 'menu-anim z-[60] min-w-52 rounded-xl border bg-card p-1 text-card-foreground shadow-xl';

/** A "More options" (…) button opening a dropdown of `Menu.Item`s. */
export function OptionsMenu({ children }: { children: ReactNode }) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label="More options"
        className="grid size-9 shrink-0 place-items-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <Ellipsis aria-hidden className="size-5" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className={MENU_CONTENT}>
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
