import { imageUrl } from '@waco/contracts';
import { Users } from 'lucide-react';
import { cn } from './cn';

/**
 * A listing's photo (a group's, an event's, a business's), or a tinted people icon when it has
 * none. Shared by the list cards, the detail pages and the forms' photo pickers.
 */
export function CoverPhoto({ path, className }: { path: string | null; className?: string }) {
  return path ? (
    <img src={imageUrl(path, 480)} alt="" className={cn('object-cover', className)} />
  ) : (
    <span className={cn('grid place-items-center bg-primary-soft text-primary-soft-foreground', className)}>
      <Users aria-hidden className="size-1/3" />
    </span>
  );
}
