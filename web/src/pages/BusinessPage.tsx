import { Globe, Mail, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { useParams } from '../app/router';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import AddBusinessDialog from '../features/directory/components/AddBusinessDialog';
import { RatingLine, VerifiedMark } from '../features/directory/components/BusinessCard';
import { ReviewForm } from '../features/directory/components/ReviewForm';
import { ReviewItem } from '../features/directory/components/ReviewItem';
import { useBusiness, useBusinessReviews, useClaimBusiness } from '../features/directory/hooks/businesses';
import { CATEGORY_NAMES } from '../features/directory/lib/categories';
import { ReportTextButton } from '../features/moderation/components/ReportButton';
import { NotLoaded } from '../features/shell/components/NothingHere';
import { msg, t } from '../i18n/i18n';
import { placeName } from '../lib/format';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { CardNote, DetailHeader, DetailPage } from '../ui/DetailPage';
import { DialogButton } from '../ui/DialogButton';
import { TextAreaForm } from '../ui/TextAreaForm';

/** What the page says when the business cannot be read. */
const NOT_FOUND = {
  title: msg('Business not found'),
  text: msg('It may have been taken down, or the address is wrong.'),
};

/** `/businesses/{id}`: a business's details, its verified mark and rating, its reviews and the review form. */
export default function BusinessPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const business = useBusiness(id);
  const data = business.data;
  const reviews = useBusinessReviews(id, Boolean(data));
  usePageMeta(
    data
      ? { title: data.name, description: data.description ?? t('A local business on Waco Commons.') }
      : null,
  );
  if (business.isError || !data) return <NotLoaded failed={business.isError} notFound={NOT_FOUND} />;
  const isOwner = data.ownership === 'owner';
  const mine = reviews.data?.find((r) => r.id === data.myReviewId) ?? null;
  const contact = [
    { icon: MapPin, text: data.address, href: null },
    { icon: Phone, text: data.phone, href: data.phone ? `tel:${data.phone}` : null },
    { icon: Mail, text: data.email, href: data.email ? `mailto:${data.email}` : null },
    { icon: Globe, text: data.website, href: data.website },
  ].filter((c) => c.text);
  return (
    <DetailPage
      wideSide
      main={
        <>
          <DetailHeader imageUrl={data.imageUrl}>
            <div className="grid grid-cols-1 gap-2 p-4">
              <h1 className="text-2xl font-bold">{data.name}</h1>
              <p className="text-sm text-muted-foreground">
                {t(CATEGORY_NAMES[data.category])}
                {data.neighborhood && ` · ${placeName(data.neighborhood)}`}
              </p>
              {data.isVerified && <VerifiedMark />}
              <RatingLine business={data} />
              {data.description && <p className="whitespace-pre-line">{data.description}</p>}
              {contact.length > 0 && (
                <ul className="grid grid-cols-1 gap-1 text-sm">
                  {contact.map(({ icon: Icon, text, href }) => (
                    <li key={text} className="flex items-center gap-2 break-all">
                      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                      {href ? (
                        <a
                          href={href}
                          className="text-primary hover:underline"
                          rel="noopener noreferrer nofollow"
                        >
                          {text}
                        </a>
                      ) : (
                        text
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </DetailHeader>
          <section aria-labelledby="business-reviews">
            <h2 id="business-reviews" className="mb-3 text-lg font-bold">
              {t('Reviews')}
            </h2>
            {reviews.data && reviews.data.length === 0 ? (
              <CardNote>{t('No reviews yet.')}</CardNote>
            ) : (
              <ul className="grid grid-cols-1 gap-3">
                {reviews.data?.map((review) => (
                  <ReviewItem key={review.id} review={review} viewerId={user?.id ?? null} isOwner={isOwner} />
                ))}
              </ul>
            )}
          </section>
        </>
      }
      side={
        <>
          {isOwner && (
            <DialogButton
              label={t('Edit details')}
              variant="outline"
              dialog={(state) => state.open && <AddBusinessDialog {...state} business={data} />}
            />
          )}
          {user && !isOwner && <ReviewForm key={mine?.id ?? 'new'} businessId={id} mine={mine} />}
          {user && !data.isVerified && (
            <ClaimBox businessId={id} pending={data.ownership === 'claim-pending'} />
          )}
          {user && !isOwner && (
            <ReportTextButton label={t('Report business')} target={{ type: 'business', id }} />
          )}
          {!user && <CardNote>{t('Sign in to review this business.')}</CardNote>}
        </>
      }
    />
  );
}

/**
 * "Is this your business?": the owner tells the moderators how to confirm it (they call or write
 * to the business's listed phone, email or website before approving); the mark follows.
 */
function ClaimBox({ businessId, pending }: { businessId: string; pending: boolean }) {
  const [open, setOpen] = useState(false);
  const claim = useClaimBusiness(businessId, () => setOpen(false));
  if (pending)
    return (
      <p className="rounded-2xl border bg-card p-4 text-sm" role="status">
        {t(
          'Your claim is waiting for a moderator. They will check it with the business before the mark is given.',
        )}
      </p>
    );
  return (
    <div className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-4">
      <h2 className="font-bold">{t('Is this your business?')}</h2>
      {open ? (
        <TextAreaForm
          name={t('Claim this business')}
          className="grid grid-cols-1 gap-3"
          field={{ label: t('How can a moderator confirm you run it?'), rows: 3, maxLength: 1000 }}
          onSubmit={(note) => claim.mutate(note)}
          action={t('Send claim')}
          variant="primary"
          busy={claim.isPending}
        />
      ) : (
        <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setOpen(true)}>
          {t('Claim this business')}
        </button>
      )}
    </div>
  );
}
