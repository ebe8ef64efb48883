import { MessageCircle } from 'lucide-react';
import { usePageMeta } from '../lib/page-meta';
import { Placeholder } from './Placeholder';

/** `/messages` (`?conversation={id}` opens a thread): the conversations arrive with issue 7. */
export default function MessagesPage() {
  usePageMeta({ title: 'Messages', description: 'Your conversations with neighbours.' });
  return (
    <Placeholder
      icon={MessageCircle}
      title="Messages"
      text="Your conversations with sellers, employers and neighbours will show here."
    />
  );
}
