import type { Post } from '@waco/contracts';
import { HIDDEN_BY_MODERATORS } from '@waco/contracts';
import { EyeOff } from 'lucide-react';
import { t } from '../../../i18n/i18n';

/** On the owner's own hidden post (nobody else sees it): "Hidden by moderators", with their note. */
export function HiddenNotice({ post }: { post: Post }) {
  if (!post.hiddenByModerators) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{t(HIDDEN_BY_MODERATORS)}</strong>
        {post.hiddenByModerators.note ? `: ${post.hiddenByModerators.note}` : t(' while they review reports')}
        <span className="block">{t('Only you can see this post.')}</span>
      </span>
    </p>
  );
}
