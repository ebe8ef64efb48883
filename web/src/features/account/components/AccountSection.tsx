import type { ReactNode } from 'react';

/** The card each part of the account settings stands in. */
export const sectionClass = 'mt-4 rounded-2xl border bg-card p-5 shadow-sm';

/** One part of the account settings: its heading, a line on what it does, then its control. */
export function AccountSection({
  title,
  about,
  children,
}: {
  title: string;
  about: string;
  children: ReactNode;
}) {
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{about}</p>
      {children}
    </section>
  );
}
