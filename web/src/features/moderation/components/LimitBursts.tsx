import type { LimitBurst } from '@waco/contracts';
import { Link } from '../../../app/router';
import { msg, t } from '../../../i18n/i18n';
import { timeAgo } from '../../../lib/format';
import { PersonAvatar } from '../../auth/components/PersonAvatar';
import { displayName } from '../../auth/hooks/current-user';

/** How each limit reads, by action and period. */
const REACHED: Record<LimitBurst['action'], Record<LimitBurst['per'], string>> = {
  post: {
    hour: msg('reached the limit of {max, plural, one {# post} other {# posts}} an hour'),
    day: msg('reached the limit of {max, plural, one {# post} other {# posts}} a day'),
  },
  comment: {
    hour: msg('reached the limit of {max, plural, one {# comment} other {# comments}} an hour'),
    day: msg('reached the limit of {max, plural, one {# comment} other {# comments}} a day'),
  },
  'first-message': {
    hour: msg('reached the limit of {max, plural, one {# new person} other {# new people}} messaged an hour'),
    day: msg('reached the limit of {max, plural, one {# new person} other {# new people}} messaged a day'),
  },
};

/**
 * Bursts: members who reached a posting, commenting or messaging limit in the last week (posts and messaging
 * refused them, 429), newest first, each naming the member (their page one click away).
 */
export function LimitBursts({ bursts }: { bursts: LimitBurst[] }) {
  return (
    <section aria-label={t('Bursts')} className="rounded-2xl border bg-card p-4">
      <h2 className="font-bold">{t('Bursts')}</h2>
      <p className="mb-2 text-sm text-muted-foreground">
        {t('Members who reached a posting, commenting or messaging limit in the last week.')}
      </p>
      {bursts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No one reached a limit this week.')}</p>
      ) : (
        <ol className="grid gap-2 text-sm">
          {bursts.map((b) => (
            <li key={b.id} className="flex items-center gap-2" data-testid="limit-burst">
              <PersonAvatar person={b.member} size={28} />
              <span className="min-w-0">
                <Link to={`/user/${b.member.id}`} className="font-semibold hover:underline">
                  {displayName(b.member)}
                </Link>{' '}
                {t(REACHED[b.action][b.per], { max: b.max })}
                <span className="text-muted-foreground">
                  {b.newAccount ? ` · ${t('new or unverified account')}` : ''}
                  {b.memberSuspended ? t(' · suspended') : ''} · {timeAgo(b.reachedAt)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
