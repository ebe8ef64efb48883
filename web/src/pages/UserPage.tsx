import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { api } from '../api/client';
import { queryKeys } from '../api/keys';
import { useParams } from '../app/router';
import { displayName, initialOf } from '../features/auth/hooks/current-user';
import { MemberStanding } from '../features/deals/components/MemberStanding';
import { SafetyMenu } from '../features/moderation/components/SafetyMenu';
import { FollowButton, FollowCounts } from '../features/profile/components/FollowControls';
import { BadgeList, VerifiedMark } from '../features/profile/components/MemberMarks';
import { PostList } from '../features/profile/components/PostList';
import { NothingHere } from '../features/shell/components/NothingHere';
import { t } from '../i18n/i18n';
import { timeAgo } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { Avatar } from '../ui/Avatar';
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
      ? {
          title: displayName(user),
          description: user.bio || t('{name} on Waco Commons.', { name: displayName(user) }),
        }
      : { title: t('User Not Found'), description: t('This neighbour could not be found.') },
  );
  if (query.isPending) return <PageSpinner />;
  if (!user) return <NothingHere title={t('User Not Found')} />;
  return (
    <div className="mt-4 sm:mt-6">
      <section className="relative rounded-2xl border bg-card p-6 text-center shadow-sm">
        <div className="absolute top-3 right-3">
          <SafetyMenu
            target={{ type: 'user', id: user.id }}
            person={{ id: user.id, name: displayName(user) }}
          />
        </div>
        <Avatar
          initial={initialOf(user)}
          seed={user.id}
          imageUrl={user.profileImageUrl}
          size={80}
          className="mx-auto"
        />
        <h1 className="mt-3 flex items-center justify-center gap-1.5 text-2xl font-bold">
          {displayName(user)}
          {user.isVerified ? <VerifiedMark className="[&_svg]:size-6" /> : null}
        </h1>
        <p className="text-sm text-muted-foreground">
          {t('Joined')} {user.createdAt ? timeAgo(user.createdAt) : t('Recently')}
        </p>
        <FollowCounts user={user} />
        <p className="mx-auto mt-3 inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary-soft-foreground">
          <BadgeCheck aria-hidden className="size-4" />
          {t('Waco Community Member')}
        </p>
        <BadgeList badges={user.badges ?? []} />
        <p className="mt-2 text-sm text-muted-foreground" data-testid="reputation">
          {t('Reputation {score}', { score: user.reputationScore })}
        </p>
        <MemberStanding userId={user.id} />
        {user.bio ? <p className="mt-4 text-sm">{user.bio}</p> : null}
        <FollowButton user={user} />
      </section>
      <h2 className="mt-6 mb-3 px-1 text-lg font-bold">{t('Posts')}</h2>
      <PostList
        queryKey={queryKeys.userPosts(user.id)}
        source={{ name: 'listUserPosts', userId: user.id }}
        empty={t('No posts yet.')}
      />
    </div>
  );
}
