import type { ReactNode } from 'react';
import { Link } from '../../../app/router';
import { PersonAvatar } from '../../auth/components/PersonAvatar';
import { displayName } from '../../auth/hooks/current-user';

/** A member in a list: avatar and name (to their profile), a note, and actions at the end. */
export function PersonRow({
  person,
  note,
  children,
}: {
  person: {
    userId: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl?: string | null;
  };
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-2 py-2" data-user-id={person.userId}>
      <PersonAvatar person={{ ...person, id: person.userId }} size={36} />
      <div className="min-w-0 flex-1">
        <Link to={`/user/${person.userId}`} className="block truncate text-sm font-medium hover:underline">
          {displayName(person)}
        </Link>
        {note && <p className="text-xs text-muted-foreground">{note}</p>}
      </div>
      {/* Actions go under the name where the list is narrow (a desktop's side column). */}
      {children && <div className="flex w-full justify-end gap-1 sm:w-auto lg:w-full">{children}</div>}
    </li>
  );
}

/** A titled card with a list of people (their PersonRows), and what comes after the list. */
export function PeopleSection({
  id,
  title,
  listTestId,
  after,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  listTestId?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border bg-card p-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-2 divide-y" data-testid={listTestId}>
        {children}
      </ul>
      {after}
    </section>
  );
}
