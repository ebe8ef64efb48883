import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../app/router';

/** The quiet "← Back" link above a page of its own (sign-in, a forgotten password). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit items-center gap-1.5 rounded-lg text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
