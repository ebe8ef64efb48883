import { Bell } from 'lucide-react';
import { usePageMeta } from '../lib/page-meta';
import { Placeholder } from './Placeholder';

/** `/notifications`: the list arrives with issue 7. */
export default function NotificationsPage() {
  usePageMeta({ title: 'Notifications', description: 'Likes, messages and event answers.' });
  return (
    <Placeholder icon={Bell} title="Notifications" text="Likes, messages and event answers will show here." />
  );
}
