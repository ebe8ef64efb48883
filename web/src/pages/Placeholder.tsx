import type { ComponentType } from 'react';

/** A page issue 7 fills in; it already has its route, title and redirect rules. */
export function Placeholder({
  icon: Icon,
  title,
  text,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  text: string;
}) {
  return (
    <section className="mx-auto mt-10 max-w-sm rounded-2xl border bg-card p-8 text-center shadow-sm">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <Icon aria-hidden className="size-7" />
      </span>
      <h1 className="mt-4 text-xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
    </section>
  );
}
