import type { ReactNode } from 'react';

/** One part of the operator's console: a titled card. */
export function ConsoleSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border bg-card p-4">
      <h2 className="mb-3 font-bold">{title}</h2>
      {children}
    </section>
  );
}
