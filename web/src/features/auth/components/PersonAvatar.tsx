import { Avatar } from '../../../ui/Avatar';
import { initialOf } from '../hooks/current-user';

/** A member's avatar: their photo, else their initial on the colour their id gives them. */
export function PersonAvatar({
  person,
  size,
}: {
  person: { id: string; firstName: string | null; lastName?: string | null; profileImageUrl?: string | null };
  size: number;
}) {
  return (
    <Avatar initial={initialOf(person)} seed={person.id} imageUrl={person.profileImageUrl} size={size} />
  );
}
