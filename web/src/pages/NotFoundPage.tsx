import { MapPinOff } from 'lucide-react';
import { Link } from '../app/router';
import { t } from '../i18n/i18n';
import { metaPresets, usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { IconCircle } from '../ui/IconCircle';

/** Any other path. */
export default function NotFoundPage() {
  usePageMeta(metaPresets.notFound());
  return (
    <section className="mx-auto mt-12 max-w-sm text-center">
      <IconCircle icon={MapPinOff} large />
      <h1 className="mt-5 text-2xl font-bold">{t('404 Page Not Found')}</h1>
      <p className="mt-2 text-muted-foreground">
        {t("This corner of Waco doesn't exist. Let's get you back to the feed.")}
      </p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
        {t('Back to Feed')}
      </Link>
    </section>
  );
}
