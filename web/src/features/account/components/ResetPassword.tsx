import { AUTH_RELOAD_DELAY_MS, PASSWORD_MIN_LENGTH } from '@waco/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../../api/client';
import { toast } from '../../../ui/toast-store';
import { failureSentence } from '../failure';
import { AccountPage, OneFieldForm } from './AccountForm';

/** The mailed reset link's page: a new password, then signed in. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH)
      return setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    setError(undefined);
    setBusy(true);
    try {
      await api.call('confirmPasswordReset', { body: { token, password } });
      toast({ title: 'Password changed', description: 'You are signed in.', variant: 'success' });
      setTimeout(() => window.location.assign('/'), AUTH_RELOAD_DELAY_MS);
    } catch (failure) {
      setBusy(false);
      setError(failureSentence(failure));
    }
  };
  return (
    <AccountPage title="Choose a new password">
      <OneFieldForm
        name="Choose a new password"
        field={{
          label: 'New password',
          type: 'password',
          autoComplete: 'new-password',
          value: password,
          error,
          hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
          onChange: (e) => setPassword(e.target.value),
        }}
        action="Save and sign in"
        busyAction="Saving…"
        busy={busy}
        disabled={!token}
        onSubmit={submit}
      />
      <Link
        to="/forgot-password"
        className="mt-4 text-center text-sm font-medium text-primary hover:underline"
      >
        Ask for a new link
      </Link>
    </AccountPage>
  );
}
