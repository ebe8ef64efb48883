import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../../api/client';
import { failureSentence } from '../failure';
import { AccountPage, OneFieldForm } from './AccountForm';

/** "Forgot password?": asks for the email, and says the same whatever it is. */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setError('Please enter a valid email');
    setError(undefined);
    setBusy(true);
    try {
      setSent((await api.call('requestPasswordReset', { body: { email: email.trim() } })).message);
    } catch (failure) {
      setError(failureSentence(failure));
    } finally {
      setBusy(false);
    }
  };
  const back = (
    <Link
      to="/auth"
      className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Back to sign in
    </Link>
  );
  return (
    <AccountPage
      title="Forgot your password?"
      subtitle="Tell us your email and we will send you a link to choose a new one."
      top={back}
    >
      {sent ? (
        <p role="status" className="mt-6 rounded-xl border bg-card p-4 text-sm">
          {sent}
        </p>
      ) : (
        <OneFieldForm
          name="Reset password"
          field={{
            label: 'Email',
            type: 'email',
            autoComplete: 'email',
            value: email,
            error,
            placeholder: 'you@example.com',
            onChange: (e) => setEmail(e.target.value),
          }}
          action="Send me a link"
          busyAction="Sending…"
          busy={busy}
          onSubmit={submit}
        />
      )}
    </AccountPage>
  );
}
