import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

/** The round, tinted icon above an empty state's text: muted, or in the primary tint. */
export function IconCircle({
  icon: Icon,
  tone = 'muted',
  large = false,
}: {
  icon: LucideIcon;
  tone?: 'muted' | 'primary';
  large?: boolean;
}) {
  return (
    <span
      className={cn(
        'mx-auto grid place-items-center rounded-full',
        large ? 'size-16' : 'size-14',
        tone === 'muted' ? 'bg-muted text-muted-foreground' : 'bg-primary-soft text-primary-soft-foreground',
      )}
    >
      <Icon aria-hidden className={large ? 'size-8' : 'size-7'} />
    </span>
  );
}
