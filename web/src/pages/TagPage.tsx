import { useQuery } from '@tanstack/react-query';
import { isHashtagName, normalizeHashtag } from '@waco/contracts';
import { Hash } from 'lucide-react';
import { api } from '../api/client';
import { queryKeys } from '../api/keys';
import { useParams } from '../app/router';
import { PostList } from '../features/profile/components/PostList';
import { NothingHere } from '../features/shell/components/NothingHere';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';

/** `/tags/{name}`: a hashtag's posts, newest first, with the feed's cards and paging. */
export default function TagPage() {
  const { name: raw = '' } = useParams();
  const name = normalizeHashtag(raw);
  const valid = isHashtagName(name);
  const tag = useQuery({
    queryKey: queryKeys.hashtag(name),
    queryFn: ({ signal }) => api.call('getHashtag', { params: { name }, signal }),
    enabled: valid,
  });
  usePageMeta({
    title: `#${name}`,
    description: t('Posts tagged #{tag} on Waco Commons.', { tag: name }),
  });
  if (!valid) {
    return (
      <NothingHere title={t('This is not a tag')}>
        {t('A tag is letters, digits or _, such as #furniture.')}
      </NothingHere>
    );
  }
  const count = tag.data?.usageCount;
  return (
    <div className="mt-4 sm:mt-6">
      <header className="mb-4 flex items-center gap-3 px-1">
        <span className="grid size-11 place-items-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Hash aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold">#{name}</h1>
          {count !== undefined && (
            <p className="text-sm text-muted-foreground">
              {t('{count, plural, =0 {No posts yet} one {# post} other {# posts}}', { count })}
            </p>
          )}
        </div>
      </header>
      <PostList
        queryKey={queryKeys.hashtagPosts(name)}
        source={{ name: 'listHashtagPosts', tag: name }}
        empty={t('No posts with #{tag} yet.', { tag: name })}
      />
    </div>
  );
}
