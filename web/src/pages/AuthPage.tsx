import * as Tabs from '@radix-ui/react-tabs';
import { AUTH_RELOAD_DELAY_MS } from '@waco/contracts';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../api/client';
import { HttpError, messageOf } from '../api/http';
import {
  type FieldErrors,
  type LoginFields,
  type SignupFields,
  validateLogin,
  validateSignup,
} from '../auth/validation';
import { metaPresets, usePageMeta } from '../lib/page-meta';
import { setGuestFlag, takeReturnUrl } from '../lib/storage';
import { buttonClass } from '../ui/button';
import { Field } from '../ui/Field';
import { LogoMark } from '../ui/Logo';
import { toast } from '../ui/toast-store';

const SOCIAL = ['Google', 'Apple', 'Meta', 'X'] as const;

/** After a success: the toast shows, then the page reloads where the visitor was going. */
function finishSignIn(title: string) {
  toast({ title, variant: 'success' });
  setTimeout(() => window.location.assign(takeReturnUrl() ?? '/'), AUTH_RELOAD_DELAY_MS);
}

/** The server's own sentence for a failure, else the spec's fallback. */
function failureText(error: unknown, fallback: string) {
  if (error instanceof HttpError) return error.serverMessage ?? fallback;
  return error instanceof TypeError ? fallback : messageOf(error) || fallback;
}

function LoginForm() {
  const [fields, setFields] = useState<LoginFields>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginFields>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof LoginFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.call('logIn', {
        body: { email: fields.email.trim(), password: fields.password },
      });
      finishSignIn('Welcome back!');
    } catch (error) {
      setBusy(false);
      toast({
        title: 'Login failed',
        description: failureText(error, 'Please check your email and password.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Login">
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={fields.email}
        onChange={set('email')}
        error={errors.email}
        placeholder="you@example.com"
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        value={fields.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Link to="/forgot-password" className="-mt-2 w-fit text-sm font-medium text-primary hover:underline">
        Forgot password?
      </Link>
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'mt-1 w-full')}>
        {busy ? 'Signing in…' : 'Sign In'}
      </button>
    </form>
  );
}

function SignupForm() {
  const [fields, setFields] = useState<SignupFields>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors<keyof SignupFields>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof SignupFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await api.call('signUp', {
        body: {
          firstName: fields.firstName.trim(),
          lastName: fields.lastName.trim(),
          email: fields.email.trim(),
          password: fields.password,
        },
      });
      finishSignIn('Account created!');
    } catch (error) {
      setBusy(false);
      toast({
        title: 'Registration failed',
        description: failureText(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Sign Up">
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="First name"
          autoComplete="given-name"
          value={fields.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <Field
          label="Last name"
          autoComplete="family-name"
          value={fields.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={fields.email}
        onChange={set('email')}
        error={errors.email}
        placeholder="you@example.com"
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
        error={errors.password}
        hint="At least 8 characters."
      />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'mt-1 w-full')}>
        {busy ? 'Creating account…' : 'Create Account'}
      </button>
    </form>
  );
}

const tabClass =
  'h-10 flex-1 rounded-lg text-sm font-semibold text-muted-foreground transition-colors data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Login and Sign Up tabs (`?tab=signup`), social buttons ("Coming Soon"), Continue as Guest. */
export default function AuthPage() {
  usePageMeta(metaPresets.auth());
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.get('tab') === 'signup' ? 'signup' : 'login';

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-2">
      <div className="relative hidden overflow-hidden lg:block">
        <img src="/landing.svg" alt="" className="absolute inset-0 size-full object-cover" />
        <div className="absolute inset-0 bg-gradient-to-t from-slate-950/80 to-slate-950/10" />
        <div className="absolute inset-x-10 bottom-12 text-white">
          <p className="text-3xl font-extrabold tracking-tight">Your neighbours are already here.</p>
          <p className="mt-2 text-lg text-white/90">Buy, sell, hire and meet up, right here in Waco.</p>
        </div>
      </div>
      <main className="mx-auto flex w-full max-w-md flex-col px-5 py-6 sm:py-10">
        <Link
          to="/welcome"
          className="inline-flex w-fit items-center gap-1.5 rounded-lg text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back
        </Link>
        <div className="mt-6 flex flex-col items-center text-center">
          <LogoMark size={52} />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">
            {tab === 'signup' ? 'Join Waco Commons' : 'Welcome back'}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {tab === 'signup' ? 'Create your free account in a minute.' : 'Sign in to your neighbourhood.'}
          </p>
        </div>
        <Tabs.Root
          value={tab}
          onValueChange={(value) => setParams(value === 'signup' ? { tab: 'signup' } : {}, { replace: true })}
          className="mt-6"
        >
          <Tabs.List aria-label="Sign in or sign up" className="flex gap-1 rounded-xl bg-muted p-1">
            <Tabs.Trigger value="login" className={tabClass}>
              Login
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClass}>
              Sign Up
            </Tabs.Trigger>
          </Tabs.List>
          <div className="mt-5 rounded-2xl border bg-card p-5 shadow-sm">
            <Tabs.Content value="login">
              <LoginForm />
            </Tabs.Content>
            <Tabs.Content value="signup">
              <SignupForm />
            </Tabs.Content>
          </div>
        </Tabs.Root>
        <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          or continue with
          <span className="h-px flex-1 bg-border" />
        </div>
        <div className="grid grid-cols-2 gap-2">
          {SOCIAL.map((provider) => (
            <button
              key={provider}
              type="button"
              className={buttonClass('outline', 'md')}
              onClick={() =>
                toast({ title: 'Coming Soon', description: `Signing in with ${provider} is on its way.` })
              }
            >
              {provider}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={buttonClass('ghost', 'md', 'mt-4 w-full text-muted-foreground')}
          onClick={() => {
            setGuestFlag();
            navigate('/home');
          }}
        >
          Continue as Guest
        </button>
      </main>
    </div>
  );
}
