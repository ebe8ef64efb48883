import { Bell } from 'lucide-react';
import { Link } from '../app/router';
import { DeleteAccount, ExportMyData } from '../features/account/components/AccountData';
import { ChangePassword, SignOutEverywhere } from '../features/account/components/AccountSettings';
import { useCurrentUser } from '../features/auth/hooks/current-user';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';

/** Account settings: change password, sign out everywhere, export my data, delete account. */
export default function SettingsPage() {
  usePageMeta({ title: t('Account settings'), description: t('Your password and sessions.') });
  const { user } = useCurrentUser();
  return (
    <div className="py-4">
      <h1 className="px-1 text-2xl font-bold">{t('Account settings')}</h1>
      <p className="px-1 text-sm text-muted-foreground">
        {user?.email}
        {user?.emailVerified ? t(' · verified') : t(' · not verified yet')}
      </p>
      <Link
        to="/settings/notifications"
        className="mt-4 flex min-h-11 items-center gap-2 rounded-2xl border bg-card p-5 font-semibold shadow-sm hover:bg-muted"
      >
        <Bell aria-hidden className="size-5" />
        {t('Notification settings')}
      </Link>
      <ChangePassword />
      <SignOutEverywhere />
      <ExportMyData />
      <DeleteAccount />
    </div>
  );
}
