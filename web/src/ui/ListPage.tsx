import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CoverPhoto } from './CoverPhoto';
import { EmptyState } from './EmptyState';
import { Field } from './Field';

/**
 * The shell of a page that lists cards to discover (businesses, groups, events), so they look and
 * read alike: the heading with the page's actions beside it, the controls that narrow or switch
 * the list, then the list (`children`; `CardList` or another view), and any dialog the page opens.
 */
export function ListPage({
  title,
  actions,
  controls,
  children,
}: {
  title: string;
  actions?: ReactNode;
  controls: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 sm:mt-6">
      <header className="mb-4 flex flex-wrap items-center gap-3 px-1">
        <h1 className="mr-auto text-2xl font-bold">{title}</h1>
        {actions}
      </header>
      {controls}
      {children}
    </div>
  );
}

/**
 * A list page's filters, side by side from tablet width; `columns` is the grid's column classes
 * for the number of filters.
 */
export function ListFilters({ columns, children }: { columns: string; children: ReactNode }) {
  return <div className={`mb-4 grid grid-cols-1 gap-3 ${columns}`}>{children}</div>;
}

/** A list page's search box (the filters' first). */
export function ListSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Field
      label={label}
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={100}
    />
  );
}

/**
 * A list page's cards, two columns from 1024 px, named by `label`; once the list is known to be
 * empty, what will come there instead (`empty`). `busy` marks the list while it loads.
 */
export function CardList<T>({
  label,
  items,
  busy,
  empty,
  card,
}: {
  label: string;
  items: T[] | undefined;
  busy?: boolean;
  empty: { icon: LucideIcon; title: string; text: string };
  card(item: T): ReactNode;
}) {
  if (items && items.length === 0) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        className="rounded-2xl border bg-card p-8 text-center"
      >
        {empty.text}
      </EmptyState>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label={label} aria-busy={busy}>
      {items?.map(card)}
    </ul>
  );
}

/**
 * A card in a list page (a business, a group): its photo, its name (`name`, the link to its page)
 * with any mark beside it, the lines under it (`children`) and its action at the end (`action`).
 * `data-*` attributes name the item on the `<li>`.
 */
export function ListCard({
  imageUrl,
  name,
  children,
  action,
  ...data
}: {
  imageUrl: string | null;
  name: ReactNode;
  children: ReactNode;
  action?: ReactNode;
} & { [attribute: `data-${string}`]: string }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl border bg-card p-3" {...data}>
      <CoverPhoto path={imageUrl} className="size-16 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1">
        <h2 className="flex items-center gap-2 font-semibold">{name}</h2>
        {children}
      </div>
      {action}
    </li>
  );
}
