import { NotificationSettingsForm } from '../features/notifications/components/NotificationSettingsForm';
import { t } from '../i18n/i18n';
import { usePageMeta } from '../lib/page-meta';

/** `/settings/notifications`: where each kind of notification comes, and the email digest. */
export default function NotificationSettingsPage() {
  usePageMeta({
    title: t('Notification settings'),
    description: t('Choose what reaches you in the app, by push and by email.'),
  });
  return (
    <div className="py-4">
      <h1 className="px-1 text-2xl font-bold">{t('Notification settings')}</h1>
      <NotificationSettingsForm />
    </div>
  );
}
