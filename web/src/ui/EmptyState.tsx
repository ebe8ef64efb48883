import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconCircle } from './IconCircle';

/**
 * What a list shows when it has nothing to show: the tinted icon, a line that says so, and
 * what will come there (or what to do). The container's look is the caller's.
 */
export function EmptyState({
  icon,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  className: string;
}) {
  return (
    <div className={className}>
      <IconCircle icon={icon} tone="primary" />
      <p className="mt-4 font-semibold">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
