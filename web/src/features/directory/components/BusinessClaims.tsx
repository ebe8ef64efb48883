import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { displayName } from '../../auth/hooks/current-user';
import { businessKeys, useDirectoryChange } from '../hooks/businesses';

/**
 * Claims on businesses waiting for a moderator, on the moderation page: who claims which
 * business, their note, and the business's own listed contact, through which the claim is
 * confirmed before it is approved (docs/architecture.md, "Claims and the verified mark").
 */
export function BusinessClaims() {
  const claims = useQuery({
    queryKey: [...businessKeys.all, 'claims'],
    queryFn: ({ signal }) => api.call('listBusinessClaims', { signal }),
  });
  const decide = useDirectoryChange(({ id, approve }: { id: string; approve: boolean }) =>
    api.call('decideBusinessClaim', { params: { id }, body: { approve } }),
  );
  if (!claims.data || claims.data.length === 0) return null;
  return (
    <section aria-label={t('Business claims')} className="rounded-2xl border bg-card p-4">
      <h2 className="mb-1 font-bold">{t('Business claims')}</h2>
      <p className="mb-3 text-sm text-muted-foreground">
        {t(
          "Confirm each claim through the business's own listed phone, email or website before approving it.",
        )}
      </p>
      <ul className="grid grid-cols-1 gap-3">
        {claims.data.map((claim) => (
          <li key={claim.businessId} className="grid grid-cols-1 gap-1 rounded-xl bg-muted p-3 text-sm">
            <Link to={`/businesses/${claim.businessId}`} className="font-semibold hover:underline">
              {claim.businessName}
            </Link>
            <p>
              {t('Claimed by {name}', { name: displayName(claim.claimant) })}
              {claim.note && `: “${claim.note}”`}
            </p>
            <p className="text-muted-foreground">
              {[claim.businessPhone, claim.businessEmail, claim.businessWebsite].filter(Boolean).join(' · ')}
            </p>
            <div className="flex gap-2">
              {[true, false].map((approve) => (
                <button
                  key={String(approve)}
                  type="button"
                  className={buttonClass(approve ? 'primary' : 'outline', 'sm')}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: claim.businessId, approve })}
                >
                  {approve ? t('Approve') : t('Decline')}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
