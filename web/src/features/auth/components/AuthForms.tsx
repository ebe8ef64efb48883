import { AUTH_RELOAD_DELAY_MS } from '@waco/contracts';
import { type FormEvent, useState } from 'react';
import { HttpError, messageOf } from '../../../api/http';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { takeReturnUrl } from '../../../lib/storage';
import { buttonClass } from '../../../ui/button';
import { Field } from '../../../ui/Field';
import { useFormFields } from '../../../ui/form-fields';
import { toast } from '../../../ui/toast-store';
import { logIn, signUp } from '../api/sign-in';
import { type LoginFields, type SignupFields, validateLogin, validateSignup } from '../validation';

/** The server's own sentence for a failure (in the reader's language), else the spec's fallback. */
function failureText(error: unknown, fallback: string) {
  if (error instanceof HttpError) return error.serverMessage ? serverText(error.serverMessage) : fallback;
  return error instanceof TypeError ? fallback : messageOf(error) || fallback;
}

/**
 * One auth form's fields, errors and busy flag. `submitWith(send, success, failure, fallback)`
 * makes its submit: validate, send, then a toast and a reload where the visitor was going (or
 * the failure's toast, with the server's sentence when it gave one).
 */
function useAuthForm<T extends { [K in keyof T]: string }>(
  initial: T,
  validate: (fields: T) => Partial<Record<keyof T, string>>,
) {
  const form = useFormFields(initial);
  const [busy, setBusy] = useState(false);
  const submitWith =
    (send: (fields: T) => Promise<unknown>, success: string, failure: string, fallback: string) =>
    async (event: FormEvent) => {
      event.preventDefault();
      const found = validate(form.fields);
      form.setErrors(found);
      if (Object.keys(found).length > 0) return;
      setBusy(true);
      try {
        await send(form.fields);
        toast({ title: success, variant: 'success' });
        setTimeout(() => window.location.assign(takeReturnUrl() ?? '/'), AUTH_RELOAD_DELAY_MS);
      } catch (error) {
        setBusy(false);
        toast({ title: failure, description: failureText(error, fallback), variant: 'destructive' });
      }
    };
  return { bind: form.bind, busy, submitWith };
}

/** Email and password, as both forms ask for them. */
export function EmailField(props: ReturnType<ReturnType<typeof useFormFields>['bind']>) {
  return (
    <Field
      label={t('Email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('you@example.com')}
      {...props}
    />
  );
}

export function LoginForm() {
  const { bind, busy, submitWith } = useAuthForm<LoginFields>({ email: '', password: '' }, validateLogin);
  const submit = submitWith(
    logIn,
    t('Welcome back!'),
    t('Login failed'),
    t('Please check your email and password.'),
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('Login')}>
      <EmailField {...bind('email')} />
      <Field label={t('Password')} type="password" autoComplete="current-password" {...bind('password')} />
      <Link to="/forgot-password" className="-mt-2 w-fit text-sm font-medium text-primary hover:underline">
        {t('Forgot password?')}
      </Link>
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'mt-1 w-full')}>
        {busy ? t('Signing in…') : t('Sign In')}
      </button>
    </form>
  );
}

export function SignupForm() {
  const empty = { firstName: '', lastName: '', email: '', password: '' };
  const { bind, busy, submitWith } = useAuthForm<SignupFields>(empty, validateSignup);
  const submit = submitWith(signUp, t('Account created!'), t('Registration failed'), t('Please try again.'));
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('Sign Up')}>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('First name')} autoComplete="given-name" {...bind('firstName')} />
        <Field label={t('Last name')} autoComplete="family-name" {...bind('lastName')} />
      </div>
      <EmailField {...bind('email')} />
      <Field
        label={t('Password')}
        type="password"
        autoComplete="new-password"
        hint={t('At least 8 characters.')}
        {...bind('password')}
      />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'mt-1 w-full')}>
        {busy ? t('Creating account…') : t('Create Account')}
      </button>
    </form>
  );
}
