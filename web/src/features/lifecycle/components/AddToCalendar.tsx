import type { Post } from '@waco/contracts';
import { CalendarPlus } from 'lucide-react';
import { api } from '../../../api/client';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';

/** "Add to calendar": the event as an iCalendar file, which phones and desktops open in their calendar. */
export function AddToCalendar({ post }: { post: Post }) {
  return (
    <a
      href={api.url('getPostCalendar', { params: { id: post.id } })}
      download={`${post.title}.ics`}
      className={buttonClass('outline', 'sm', 'w-fit rounded-full')}
    >
      <CalendarPlus aria-hidden className="size-4" /> {t('Add to calendar')}
    </a>
  );
}
