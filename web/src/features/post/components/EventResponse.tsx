import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@waco/contracts';
import { CalendarCheck, Star } from 'lucide-react';
import { api } from '../../../api/client';
import { isUnauthorized } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { PROTECTED_ACTIONS } from '../../../lib/action-wording';
import { cn } from '../../../ui/cn';
import { toast } from '../../../ui/toast-store';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useSignInPrompt } from '../../auth/hooks/sign-in-prompt';

type Attendance = 'interested' | 'going';

/** Interested / Going for an event post: "Event updated", or "Failed to update attendance.". */
export function EventResponse({ post }: { post: Post }) {
  const { isSignedIn } = useCurrentUser();
  const prompt = useSignInPrompt();
  const client = useQueryClient();
  const current = useQuery({
    queryKey: queryKeys.attendance(post.id),
    queryFn: ({ signal }) => api.call('getAttendance', { query: { postId: post.id }, signal }),
    enabled: isSignedIn,
  });
  const respond = useMutation({
    // null withdraws the answer (the server deletes it: there is no third state).
    mutationFn: (status: Attendance | null) =>
      status
        ? api.call('setAttendance', { body: { postId: post.id, status } })
        : api.call('withdrawAttendance', { query: { postId: post.id } }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.attendance(post.id), answer);
      toast({ title: answer.status ? t('Event updated') : t('Response withdrawn'), variant: 'success' });
      void client.invalidateQueries({ queryKey: queryKeys.post(post.id), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.postLists });
    },
    onError: (error) => {
      if (isUnauthorized(error)) prompt(PROTECTED_ACTIONS.respond);
      else
        toast({ title: t('Error'), description: t('Failed to update attendance.'), variant: 'destructive' });
    },
  });
  const chosen = respond.isPending ? respond.variables : current.data?.status;
  const cancelled = post.state === 'closed';
  const choose = (status: Attendance) =>
    isSignedIn ? respond.mutate(status) : prompt(PROTECTED_ACTIONS.respond);

  const option = (status: Attendance, label: string, count: number, Icon: typeof Star) => (
    <button
      type="button"
      aria-pressed={chosen === status}
      disabled={respond.isPending || cancelled}
      onClick={() => choose(status)}
      className={cn(
        'flex h-14 flex-1 items-center justify-center gap-2 rounded-xl border-2 text-sm font-semibold transition-colors',
        chosen === status
          ? 'border-purple-600 bg-purple-600 text-white dark:border-purple-400 dark:bg-purple-500'
          : 'border-border bg-card hover:border-purple-400',
      )}
    >
      <Icon aria-hidden className={cn('size-5', chosen === status && 'fill-current')} />
      {label}
      <span className={cn('rounded-full px-2 text-xs', chosen === status ? 'bg-white/20' : 'bg-muted')}>
        {count}
      </span>
    </button>
  );
  return (
    <section aria-labelledby="event-response" className="rounded-2xl border bg-muted/50 p-4">
      <h3 id="event-response" className="font-bold">
        {t('Event Response')}
      </h3>
      <p className="mt-0.5 text-sm text-muted-foreground">
        {cancelled ? t('This event was cancelled.') : t("Let the organiser know you're coming.")}
      </p>
      <div className="mt-3 flex gap-2">
        {option('interested', t('Interested'), post.interestedCount, Star)}
        {option('going', t('Going'), post.goingCount, CalendarCheck)}
      </div>
      {chosen && !respond.isPending && (
        <button
          type="button"
          onClick={() => respond.mutate(null)}
          className="mt-2 text-sm font-medium text-muted-foreground underline-offset-4 hover:underline"
        >
          {t('Withdraw my response')}
        </button>
      )}
    </section>
  );
}
