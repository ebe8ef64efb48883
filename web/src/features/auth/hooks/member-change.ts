import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthorized, messageOf } from '../../../api/http';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { useSignInPrompt } from './sign-in-prompt';

/**
 * A change a member makes (join a group, review a business): afterwards every query under the
 * `refresh` prefixes is fetched again; a guest is asked to sign in to `signInAction`, any other
 * refusal is told in a toast.
 */
export function useMemberChange<A, R>(
  { refresh, signInAction }: { refresh: readonly QueryKey[]; signInAction: string },
  run: (args: A) => Promise<R>,
  onDone?: (result: R) => void,
) {
  const client = useQueryClient();
  const prompt = useSignInPrompt();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      for (const queryKey of refresh) void client.invalidateQueries({ queryKey });
      onDone?.(result);
    },
    onError: (error) => {
      if (isUnauthorized(error)) {
        prompt(signInAction);
        return;
      }
      toast({ title: t('Error'), description: messageOf(error), variant: 'destructive' });
    },
  });
}
