import type { ReactNode } from 'react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { PageSpinner } from '../../../ui/PageSpinner';

/**
 * A page's answer when what its address names is not there (no such member, not a tag): a card
 * that says so, and the way back to the feed.
 */
export function NothingHere({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto mt-10 max-w-sm rounded-2xl border bg-card p-8 text-center">
      <h1 className="text-xl font-bold">{title}</h1>
      {children && <p className="mt-2 text-sm text-muted-foreground">{children}</p>}
      <Link to="/" className={buttonClass('primary', 'md', 'mt-5')}>
        {t('Back to Feed')}
      </Link>
    </section>
  );
}

/**
 * A listing's page (a business, a group, an event) until its item is read: a spinner, or, once
 * the read has failed (gone, private, a wrong address), `NothingHere` with `notFound`'s title and
 * text (`msg()` ids, translated here).
 */
export function NotLoaded({
  failed,
  notFound,
}: {
  failed: boolean;
  notFound: { title: string; text: string };
}) {
  return failed ? <NothingHere title={t(notFound.title)}>{t(notFound.text)}</NothingHere> : <PageSpinner />;
}
