import { t } from '../i18n/i18n';
import { buttonClass } from './button';

/** The next page of a list on asking ("Load more"), for an infinite query that has one. */
export function LoadMoreButton({
  query,
  size = 'md',
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): Promise<unknown> };
  size?: 'sm' | 'md';
}) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className={buttonClass('outline', size)}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage ? t('Loading…') : t('Load more')}
    </button>
  );
}
