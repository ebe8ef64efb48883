import { useEffect, useState } from 'react';
import { api } from '../../../api/client';
import { useSearchParams } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { buttonClass } from '../../../ui/button';
import { toast } from '../../../ui/toast-store';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { failureSentence } from '../failure';

/**
 * For a member whose email is not verified yet: a line saying so, with "Resend". Also turns the
 * verification link's landing (`/?verified=yes|no`) into a toast.
 */
export function VerificationBanner() {
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  useVerifiedToast();
  if (!user || user.emailVerified) return null;
  const resend = async () => {
    setBusy(true);
    try {
      const answer = await api.call('resendVerification', { body: {} });
      toast({ title: t('Check your inbox'), description: serverText(answer.message), variant: 'success' });
    } catch (error) {
      toast({
        title: t('Could not send the mail'),
        description: failureSentence(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="status"
      className="mx-auto mt-3 flex w-full max-w-2xl items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm shadow-sm"
    >
      <p className="flex-1">
        {t('Please confirm your email address: we sent a link to')} <strong>{user.email}</strong>.
      </p>
      <button type="button" disabled={busy} onClick={resend} className={buttonClass('secondary', 'sm')}>
        {busy ? t('Sending…') : t('Resend')}
      </button>
    </div>
  );
}

function useVerifiedToast() {
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified');
  useEffect(() => {
    if (verified === null) return;
    if (verified === 'yes')
      toast({
        title: t('Email verified'),
        description: t('Thank you! Your email address is confirmed.'),
        variant: 'success',
      });
    else
      toast({
        title: t('This link did not work'),
        description: t('It may have expired or been used already. Ask for a new one with Resend.'),
        variant: 'destructive',
      });
    const next = new URLSearchParams(params);
    next.delete('verified');
    setParams(next, { replace: true });
  }, [verified, params, setParams]);
}
