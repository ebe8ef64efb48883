import type { ReactNode } from 'react';
import { CoverPhoto } from './CoverPhoto';

/**
 * The layout of a listing's own page (a business's, a group's): its column (`main`) and a side
 * column (`side`, 20rem or `wideSide` 22rem) from 1024 px, one column below; `children` follow
 * (the page's dialogs). One layout so these pages line up alike.
 */
export function DetailPage({
  main,
  side,
  wideSide = false,
  children,
}: {
  main: ReactNode;
  side: ReactNode;
  wideSide?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={`mt-4 grid grid-cols-1 gap-6 sm:mt-6 ${wideSide ? 'lg:grid-cols-[minmax(0,1fr)_22rem]' : 'lg:grid-cols-[minmax(0,1fr)_20rem]'}`}
    >
      <div className="grid min-w-0 grid-cols-1 content-start gap-6">{main}</div>
      <aside className="grid min-w-0 grid-cols-1 content-start gap-6">{side}</aside>
      {children}
    </div>
  );
}

/** A listing page's header card: its cover photo (a short band when it has none), then `children`. */
export function DetailHeader({ imageUrl, children }: { imageUrl: string | null; children: ReactNode }) {
  return (
    <header className="overflow-hidden rounded-2xl border bg-card">
      <CoverPhoto path={imageUrl} className={imageUrl ? 'h-40 w-full sm:h-56' : 'h-24 w-full'} />
      {children}
    </header>
  );
}

/** A line in a card of its own, in muted text: a list that is empty, or what a guest may not see. */
export function CardNote({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border bg-card p-4 text-sm text-muted-foreground">{children}</p>;
}
