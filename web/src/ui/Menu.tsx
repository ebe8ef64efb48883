import * as Menu from '@radix-ui/react-dropdown-menu';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

const itemClass =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-3 text-sm outline-none select-none data-[highlighted]:bg-muted';

const CONTENT = {
  align: 'end',
  sideOffset: 6,
  className: 'menu-anim z-[60] min-w-52 rounded-xl border bg-card p-1 text-card-foreground shadow-xl',
} as const;

/** A round icon button that opens a menu of `MenuItem`s (Radix dropdown menu). */
export function IconMenu({
  label,
  icon: Icon,
  children,
}: {
  label: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Menu.Root>
      <Menu.Trigger
        aria-label={label}
        className="grid size-9 place-items-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <Icon aria-hidden className="size-5" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content {...CONTENT}>{children}</Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** One entry of an `IconMenu`: its icon and words; `danger` for a destructive one. */
export function MenuItem({
  icon: Icon,
  onSelect,
  danger,
  children,
}: {
  icon: LucideIcon;
  onSelect(): void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Menu.Item className={cn(itemClass, danger && 'text-red-600 dark:text-red-400')} onSelect={onSelect}>
      <Icon aria-hidden className="size-4" /> {children}
    </Menu.Item>
  );
}

export const MenuSeparator = () => <Menu.Separator className="my-1 h-px bg-border" />;
