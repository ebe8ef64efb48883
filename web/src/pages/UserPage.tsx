import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../api/client';
import { queryKeys } from '../api/keys';
import { displayName, initialOf } from '../features/auth/hooks/current-user';
import { PostList } from '../features/profile/components/PostList';
import { timeAgo } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { Avatar } from '../ui/Avatar';
import { buttonClass } from '../ui/button';
import { PageSpinner } from '../ui/PageSpinner';

/** `/user/{userId}`: a public profile and the list of their posts. */
export default function UserPage() {
  const { userId = '' } = useParams();
  const query = useQuery({
    queryKey: queryKeys.publicUser(userId),
    queryFn: ({ signal }) => api.call('getUser', { params: { id: userId }, signal }),
  });
  const user = query.data;
  usePageMeta(
    user
      ? { title: displayName(user), description: user.bio || `${displayName(user)} on Waco Commons.` }
      : { title: 'User Not Found', description: 'This neighbour could not be found.' },
  );
  if (query.isPending) return <PageSpinner />;
  if (!user) {
    return (
      <section className="mx-auto mt-10 max-w-sm rounded-2xl border bg-card p-8 text-center">
        <h1 className="text-xl font-bold">User Not Found</h1>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-5')}>
          Back to Feed
        </Link>
      </section>
    );
  }
  return (
    <div className="mt-4 sm:mt-6">
      <section className="rounded-2xl border bg-card p-6 text-center shadow-sm">
        <Avatar
          initial={initialOf(user)}
          seed={user.id}
          imageUrl={user.profileImageUrl}
          size={80}
          className="mx-auto"
        />
        <h1 className="mt-3 text-2xl font-bold">{displayName(user)}</h1>
        <p className="text-sm text-muted-foreground">
          Joined {user.createdAt ? timeAgo(user.createdAt) : 'Recently'}
        </p>
        <p className="mx-auto mt-3 inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary-soft-foreground">
          <BadgeCheck aria-hidden className="size-4" />
          Waco Community Member
        </p>
        {user.isVerified ? (
          <p className="mt-2 text-sm font-medium text-primary">
            <BadgeCheck aria-hidden className="mr-1 inline size-4" />
            Verified email
          </p>
        ) : null}
        {user.bio ? <p className="mt-4 text-sm">{user.bio}</p> : null}
      </section>
      <h2 className="mt-6 mb-3 px-1 text-lg font-bold">Posts</h2>
      <PostList
        queryKey={queryKeys.userPosts(user.id)}
        source={{ name: 'listUserPosts', userId: user.id }}
        empty="No posts yet."
      />
    </div>
  );
}
