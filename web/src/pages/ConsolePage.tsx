import { useCurrentUser } from '../features/auth/hooks/current-user';
import { ConsumerLag } from '../features/console/components/ConsumerLag';
import { DeadLetters } from '../features/console/components/DeadLetters';
import { Roles } from '../features/console/components/Roles';
import { ServiceHealth, SiteFigures } from '../features/console/components/SiteFigures';
import { useConsole } from '../features/console/hooks/console';
import { useStanding } from '../features/moderation/hooks/moderation';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';
import { PageSpinner } from '../ui/PageSpinner';
import NotFoundPage from './NotFoundPage';

/**
 * `/admin`: the operator's console, for members with the admin role. The site's figures, each
 * service's readiness, consumers' lag, dead letters and the roles; each action is in the
 * moderators' audit list, and each has its `npm run ops` command.
 */
export default function ConsolePage() {
  const { isSignedIn, isLoading } = useCurrentUser();
  const standing = useStanding();
  const isAdmin = standing.data?.isAdmin === true;
  const { overview, deadLetters, consumers, roles } = useConsole(isAdmin);
  usePageMeta({ title: t('Operator console'), description: t("The site's figures, services and roles.") });
  if (isLoading || (isSignedIn && standing.isPending)) return <PageSpinner />;
  // Everyone else gets the page that does not exist: nothing to learn about the console here.
  if (!isAdmin) return <NotFoundPage />;
  return (
    <div className="mt-4 grid gap-4 pb-24 sm:mt-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{t('Operator console')}</h1>
      {overview.data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <SiteFigures figures={overview.data.figures} />
          <ServiceHealth services={overview.data.services} />
        </div>
      ) : (
        <PageSpinner />
      )}
      {deadLetters.data && <DeadLetters letters={deadLetters.data.deadLetters} />}
      {consumers.data && <ConsumerLag consumers={consumers.data.consumers} />}
      {roles.data && <Roles roles={roles.data} />}
    </div>
  );
}
