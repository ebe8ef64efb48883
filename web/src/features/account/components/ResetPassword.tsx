import { AUTH_RELOAD_DELAY_MS, PASSWORD_MIN_LENGTH } from '@waco/contracts';
import { useState } from 'react';
import { api } from '../../../api/client';
import { Link, useSearchParams } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { toast } from '../../../ui/toast-store';
import { useOneFieldSubmit } from '../hooks/one-field-submit';
import { AccountPage, OneFieldForm } from './AccountForm';

/** The mailed reset link's page: a new password, then signed in. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const { error, busy, submit } = useOneFieldSubmit(
    () =>
      password.length < PASSWORD_MIN_LENGTH
        ? t('Password must be at least {min} characters', { min: PASSWORD_MIN_LENGTH })
        : undefined,
    async () => {
      await api.call('confirmPasswordReset', { body: { token, password } });
      toast({ title: t('Password changed'), description: t('You are signed in.'), variant: 'success' });
      setTimeout(() => window.location.assign('/'), AUTH_RELOAD_DELAY_MS);
    },
    // Signed in: the page reloads as the app's home.
    { staysBusy: true },
  );
  return (
    <AccountPage title={t('Choose a new password')}>
      <OneFieldForm
        name={t('Choose a new password')}
        field={{
          label: t('New password'),
          type: 'password',
          autoComplete: 'new-password',
          value: password,
          error,
          hint: t('At least {min} characters.', { min: PASSWORD_MIN_LENGTH }),
          onChange: (e) => setPassword(e.target.value),
        }}
        action={t('Save and sign in')}
        busyAction={t('Saving…')}
        busy={busy}
        disabled={!token}
        onSubmit={submit}
      />
      <Link
        to="/forgot-password"
        className="mt-4 text-center text-sm font-medium text-primary hover:underline"
      >
        {t('Ask for a new link')}
      </Link>
    </AccountPage>
  );
}
