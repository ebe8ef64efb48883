import { useState } from 'react';
import { api } from '../../../api/client';
import { t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { useOneFieldSubmit } from '../hooks/one-field-submit';
import { AccountPage, OneFieldForm } from './AccountForm';
import { BackLink } from './BackLink';

/** "Forgot password?": asks for the email, and says the same whatever it is. */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();
  const { error, busy, submit } = useOneFieldSubmit(
    () => (/^\S+@\S+\.\S+$/.test(email.trim()) ? undefined : t('Please enter a valid email')),
    async () => {
      const answer = await api.call('requestPasswordReset', { body: { email: email.trim() } });
      setSent(serverText(answer.message));
    },
  );
  return (
    <AccountPage
      title={t('Forgot your password?')}
      subtitle={t('Tell us your email and we will send you a link to choose a new one.')}
      top={<BackLink to="/auth">{t('Back to sign in')}</BackLink>}
    >
      {sent ? (
        <p role="status" className="mt-6 rounded-xl border bg-card p-4 text-sm">
          {sent}
        </p>
      ) : (
        <OneFieldForm
          name={t('Reset password')}
          field={{
            label: t('Email'),
            type: 'email',
            autoComplete: 'email',
            value: email,
            error,
            placeholder: t('you@example.com'),
            onChange: (e) => setEmail(e.target.value),
          }}
          action={t('Send me a link')}
          busyAction={t('Sending…')}
          busy={busy}
          onSubmit={submit}
        />
      )}
    </AccountPage>
  );
}
