import { User } from 'lucide-react';
import { displayName, useCurrentUser } from '../api/user';
import { usePageMeta } from '../lib/page-meta';
import { Placeholder } from './Placeholder';

/** `/profile`: own profile; the Posts, Liked and Saved tabs arrive with issue 7. */
export default function ProfilePage() {
  const { user } = useCurrentUser();
  usePageMeta({ title: 'Profile', description: 'Your profile.' });
  return (
    <Placeholder
      icon={User}
      title={user ? displayName(user) : 'Profile'}
      text="Your posts, liked and saved posts will show here."
    />
  );
}
