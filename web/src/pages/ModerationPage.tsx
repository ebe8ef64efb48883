import { type ModerationCase, REPORT_REASON_LABELS } from '@waco/contracts';
import { EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from '../app/router';
import { PersonAvatar } from '../features/auth/components/PersonAvatar';
import { displayName, useCurrentUser } from '../features/auth/hooks/current-user';
import { BusinessClaims } from '../features/directory/components/BusinessClaims';
import { LimitBursts } from '../features/moderation/components/LimitBursts';
import {
  useLimitBursts,
  useModerationAudit,
  useModerationQueue,
  useModeratorActions,
  useStanding,
} from '../features/moderation/hooks/moderation';
import { VerifiedMark } from '../features/profile/components/MemberMarks';
import { msg, t } from '../i18n/i18n';
import { timeAgo } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { type ButtonVariant, buttonClass } from '../ui/button';
import { PageSpinner } from '../ui/PageSpinner';
import NotFoundPage from './NotFoundPage';

/** How the audit list words each action. */
const ACTIONS: Record<string, string> = {
  dismiss: msg('dismissed reports on a'),
  hide: msg('hid a'),
  suspend: msg('suspended the owner of a'),
  auto_hide: msg('hid, pending review, a'),
  reinstate: msg('reinstated a'),
  grant_moderator: msg('made a moderator:'),
  revoke_moderator: msg('removed a moderator:'),
  verify: msg('gave the verified mark to a'),
  unverify: msg('took the verified mark from a'),
  grant_admin: msg('gave the operator console to a'),
  revoke_admin: msg('took the operator console from a'),
  redrive_dead_letter: msg('handed back to its consumer a'),
  drop_dead_letter: msg('dropped a'),
};
const TARGETS: Record<string, string> = {
  user: msg('member'),
  post: msg('post'),
  message: msg('message'),
  comment: msg('comment'),
  business: msg('business'),
  review: msg('review'),
  group: msg('group'),
  event: msg('event'),
  dead_letter: msg('dead letter'),
};
/** What a case is about, on its card. */
const CASE_TARGETS: Record<string, string> = {
  user: msg('Member'),
  post: msg('Reported post'),
  message: msg('Reported message'),
  comment: msg('Reported comment'),
  business: msg('Reported business'),
  review: msg('Reported review'),
  group: msg('Reported group'),
  event: msg('Reported event'),
};
/** A resolved case's outcome. */
const OUTCOMES: Record<string, string> = {
  open: msg('open'),
  dismissed: msg('dismissed'),
  hidden: msg('hidden'),
  suspended: msg('suspended'),
};

/** `/moderation`: the moderators' queue, one card per reported thing with one-click actions. */
export default function ModerationPage() {
  const { isSignedIn, isLoading } = useCurrentUser();
  const standing = useStanding();
  const isModerator = standing.data?.isModerator === true;
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const queue = useModerationQueue(status, isModerator);
  const audit = useModerationAudit(isModerator);
  const bursts = useLimitBursts(isModerator);
  usePageMeta({ title: t('Moderation'), description: t('Reports waiting for a moderator.') });
  if (isLoading || (isSignedIn && standing.isPending)) return <PageSpinner />;
  // Everyone else gets the page that does not exist: nothing to learn about moderation here.
  if (!isModerator) return <NotFoundPage />;
  const cases = queue.data?.cases ?? [];
  return (
    <div className="mt-4 grid gap-4 pb-24 sm:mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight">{t('Moderation')}</h1>
        <label className="flex items-center gap-2 text-sm font-semibold">
          {t('Show')}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as 'open' | 'resolved')}
            className="h-9 rounded-xl border bg-card px-2 text-sm"
          >
            <option value="open">{t('Open reports')}</option>
            <option value="resolved">{t('Resolved')}</option>
          </select>
        </label>
      </div>
      {queue.isPending ? (
        <PageSpinner />
      ) : cases.length === 0 ? (
        <p className="rounded-2xl border bg-card p-6 text-center text-sm text-muted-foreground">
          {status === 'open'
            ? t('No open reports. Thank you for keeping Waco Commons safe.')
            : t('Nothing resolved yet.')}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={status === 'open' ? t('Open reports') : t('Resolved reports')}>
          {cases.map((c) => (
            <CaseCard key={c.id} entry={c} open={status === 'open'} />
          ))}
        </ul>
      )}
      <BusinessClaims />
      {bursts.data && <LimitBursts bursts={bursts.data.bursts} />}
      <section aria-label={t('Audit list')} className="rounded-2xl border bg-card p-4">
        <h2 className="mb-2 font-bold">{t('Audit list')}</h2>
        <ol className="grid gap-1 text-sm">
          {(audit.data?.entries ?? []).slice(0, 20).map((e) => (
            <li key={e.id} className="text-muted-foreground">
              <span className="font-medium text-foreground">
                {e.moderatorName ?? (e.action === 'auto_hide' ? t('Reports') : t('Operator'))}
              </span>{' '}
              {t(ACTIONS[e.action] ?? e.action)} {t(TARGETS[e.targetType] ?? e.targetType)} · {timeAgo(e.at)}
              {e.note ? ` · “${e.note}”` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** One reported thing, as members see it, with its reports and the moderator's actions. */
function CaseCard({ entry, open }: { entry: ModerationCase; open: boolean }) {
  const { resolve, reinstate, verify } = useModeratorActions();
  const [note, setNote] = useState('');
  const { target } = entry;
  const owner = displayName(target.owner);
  // One button a resolution; all of them off while one is being sent.
  const resolveButton = (
    action: 'dismiss' | 'hide' | 'suspend',
    variant: ButtonVariant,
    label: ReactNode,
  ) => (
    <button
      type="button"
      className={buttonClass(variant, 'sm')}
      disabled={resolve.isPending}
      onClick={() => resolve.mutate({ id: entry.id, action, note: note.trim() || undefined })}
    >
      {label}
    </button>
  );
  return (
    <li className="grid gap-3 rounded-2xl border bg-card p-4 shadow-sm" data-testid="moderation-case">
      <div className="flex items-center gap-3">
        <PersonAvatar person={target.owner} size={40} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1 font-semibold">
            <span className="truncate">{owner}</span>
            {target.ownerVerified && <VerifiedMark />}
          </p>
          <p className="text-xs text-muted-foreground">
            {t(CASE_TARGETS[target.type] ?? target.type)}
            {target.createdAt ? ` · ${timeAgo(target.createdAt)}` : ''}
            {target.ownerSuspended ? t(' · suspended') : ''}
          </p>
        </div>
        <span className="rounded-full bg-red-100 px-2.5 py-1 text-xs font-bold text-red-800 dark:bg-red-950 dark:text-red-200">
          {t('{count, plural, one {# report} other {# reports}}', { count: entry.count })}
        </span>
      </div>
      {(target.title || target.text) && (
        <div className="rounded-xl bg-muted p-3">
          {target.hidden && (
            <p className="mb-1 flex items-center gap-1 text-xs font-semibold text-amber-700 dark:text-amber-300">
              <EyeOff aria-hidden className="size-3.5" /> {t('Hidden from members')}
            </p>
          )}
          {target.title && <p className="font-bold">{target.title}</p>}
          {target.text && <p className="mt-1 line-clamp-4 text-sm whitespace-pre-line">{target.text}</p>}
          {target.type === 'comment' && target.postId && (
            <Link
              to={`/post/${target.postId}`}
              className="mt-1 inline-block text-xs font-semibold text-primary hover:underline"
            >
              {t('Open the thread')}
            </Link>
          )}
          {(target.type === 'group' || target.type === 'event') && (
            <Link
              to={`/${target.type === 'group' ? 'groups' : 'events'}/${target.id}`}
              className="mt-1 inline-block text-xs font-semibold text-primary hover:underline"
            >
              {target.type === 'group' ? t('Open the group') : t('Open the event')}
            </Link>
          )}
        </div>
      )}
      <p className="text-sm">
        {entry.reasons.map((r) => `${t(REPORT_REASON_LABELS[r.reason])} (${r.count})`).join(' · ')}
      </p>
      {entry.details.length > 0 && (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {entry.details.map((d) => (
            <li key={d}>“{d}”</li>
          ))}
        </ul>
      )}
      {open ? (
        <div className="grid gap-2">
          <input
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('Note for the reporters and owner (optional)')}
            aria-label={t('Note')}
            maxLength={1000}
            className="h-10 rounded-xl border bg-background px-3 text-sm"
          />
          <div className="flex flex-wrap gap-2">
            {resolveButton('dismiss', 'outline', t('Dismiss'))}
            {target.type === 'post' && resolveButton('hide', 'secondary', t('Hide post'))}
            {target.type === 'comment' && resolveButton('hide', 'secondary', t('Hide comment'))}
            {target.type === 'business' && resolveButton('hide', 'secondary', t('Take down business'))}
            {target.type === 'review' && resolveButton('hide', 'secondary', t('Hide review'))}
            {target.type === 'group' && resolveButton('hide', 'secondary', t('Hide group'))}
            {target.type === 'event' && resolveButton('hide', 'secondary', t('Hide event'))}
            {resolveButton(
              'suspend',
              'danger',
              <>
                {t('Suspend')} {owner}
              </>,
            )}
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={verify.isPending}
          aria-pressed={target.ownerVerified}
          onClick={() => verify.mutate({ userId: target.owner.id, verified: !target.ownerVerified })}
        >
          {target.ownerVerified
            ? t('Take away the verified mark of {name}', { name: owner })
            : t('Verify {name}', { name: owner })}
        </button>
      </div>
      {open ? null : (
        <p className="text-sm font-medium">
          {t('Outcome:')} {t(OUTCOMES[entry.status] ?? entry.status)}
          {target.ownerSuspended && (
            <button
              type="button"
              className={buttonClass('outline', 'sm', 'ml-3')}
              onClick={() => reinstate.mutate(target.owner.id)}
            >
              {t('Reinstate')} {owner}
            </button>
          )}
        </p>
      )}
    </li>
  );
}
