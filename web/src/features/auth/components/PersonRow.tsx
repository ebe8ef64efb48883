import type { ReactNode } from 'react';
import { Link } from '../../../app/router';
import { cn } from '../../../ui/cn';
import { displayName } from '../hooks/current-user';
import { PersonAvatar } from './PersonAvatar';

type Person = Parameters<typeof PersonAvatar>[0]['person'] & { lastName: string | null };

/**
 * One member of a list of people: their photo and name (a link to their page when `linked`),
 * then what can be done about them (`children`: a button). `boxed`: a row of its own, bordered.
 */
export function PersonRow({
  person,
  linked = false,
  boxed = false,
  children,
}: {
  person: Person;
  linked?: boolean;
  boxed?: boolean;
  children?: ReactNode;
}) {
  const name = displayName(person);
  return (
    <li className={cn('flex items-center', boxed ? 'gap-3 rounded-xl border px-3 py-2' : 'gap-2 text-sm')}>
      <PersonAvatar person={person} size={boxed ? 36 : 28} />
      {linked ? (
        <Link to={`/user/${person.id}`} className="flex-1 hover:underline">
          {name}
        </Link>
      ) : (
        <span className={boxed ? 'min-w-0 flex-1 truncate text-sm font-medium' : 'flex-1'}>{name}</span>
      )}
      {children}
    </li>
  );
}
