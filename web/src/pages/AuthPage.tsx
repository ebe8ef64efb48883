import * as Tabs from '@radix-ui/react-tabs';
import { useNavigate, useSearchParams } from '../app/router';
import { BackLink } from '../features/account/components/BackLink';
import { LoginForm, SignupForm } from '../features/auth/components/AuthForms';
import { t } from '../i18n/i18n';
import { metaPresets, usePageMeta } from '../lib/page-meta';
import { setGuestFlag } from '../lib/storage';
import { buttonClass } from '../ui/button';
import { LogoMark } from '../ui/Logo';
import { toast } from '../ui/toast-store';

const SOCIAL = ['Google', 'Apple', 'Meta', 'X'] as const;

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
          <p className="text-3xl font-extrabold tracking-tight">{t('Your neighbours are already here.')}</p>
          <p className="mt-2 text-lg text-white/90">
            {t('Buy, sell, hire and meet up, right here in Waco.')}
          </p>
        </div>
      </div>
      <main className="mx-auto flex w-full max-w-md flex-col px-5 py-6 sm:py-10">
        <BackLink to="/welcome">{t('Back')}</BackLink>
        <div className="mt-6 flex flex-col items-center text-center">
          <LogoMark size={52} />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">
            {tab === 'signup' ? t('Join Waco Commons') : t('Welcome back')}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {tab === 'signup'
              ? t('Create your free account in a minute.')
              : t('Sign in to your neighbourhood.')}
          </p>
        </div>
        <Tabs.Root
          value={tab}
          onValueChange={(value) => setParams(value === 'signup' ? { tab: 'signup' } : {}, { replace: true })}
          className="mt-6"
        >
          <Tabs.List aria-label={t('Sign in or sign up')} className="flex gap-1 rounded-xl bg-muted p-1">
            <Tabs.Trigger value="login" className={tabClass}>
              {t('Login')}
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClass}>
              {t('Sign Up')}
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
          {t('or continue with')}
          <span className="h-px flex-1 bg-border" />
        </div>
        <div className="grid grid-cols-2 gap-2">
          {SOCIAL.map((provider) => (
            <button
              key={provider}
              type="button"
              className={buttonClass('outline', 'md')}
              onClick={() =>
                toast({
                  title: t('Coming Soon'),
                  description: t('Signing in with {provider} is on its way.', { provider }),
                })
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
          {t('Continue as Guest')}
        </button>
      </main>
    </div>
  );
}
