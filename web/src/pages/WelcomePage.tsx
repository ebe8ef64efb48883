import { TAGLINE } from '@waco/contracts';
import { ArrowRight } from 'lucide-react';
import { Link, useNavigate } from '../app/router';
import { t } from '../i18n/i18n';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { metaPresets, usePageMeta } from '../lib/page-meta';
import { setGuestFlag } from '../lib/storage';
import { buttonClass } from '../ui/button';
import { LogoMark } from '../ui/Logo';

/** The landing page: background picture, logo, tagline, Sign In, Get Started, Continue as Guest. */
export default function WelcomePage() {
  usePageMeta(metaPresets.landing());
  const navigate = useNavigate();
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden bg-[#0f3b4c] text-white">
      <img
        src="/landing.svg"
        alt=""
        className="absolute inset-0 -z-20 size-full object-cover object-[30%_50%] sm:object-center"
        fetchPriority="high"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-slate-950/55 via-slate-950/35 to-slate-950/85" />
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-6 pt-[max(4rem,12dvh)] pb-10">
        <div className="flex items-center gap-3">
          <span className="rounded-2xl bg-white/95 p-1.5 shadow-xl">
            <LogoMark size={44} />
          </span>
          <span className="text-2xl font-bold tracking-tight drop-shadow">Waco Commons</span>
        </div>
        <h1 className="mt-10 text-4xl leading-tight font-extrabold tracking-tight text-balance drop-shadow-lg sm:text-5xl">
          {t(TAGLINE)}
        </h1>
        <p className="mt-4 max-w-sm text-lg text-white/90 drop-shadow">
          {t('Events, things for sale and jobs from your neighbours, from Cameron Park to Downtown.')}
        </p>
        <div className="mt-auto grid gap-3 pt-12">
          <Link
            to="/auth?tab=signup"
            className={buttonClass('primary', 'lg', 'w-full text-base dark:bg-teal-300 dark:text-teal-950')}
          >
            {t('Get Started')}
            <ArrowRight aria-hidden className="size-5" />
          </Link>
          <Link
            to="/auth"
            className={buttonClass(
              'outline',
              'lg',
              'w-full border-white/50 bg-white/10 text-white backdrop-blur hover:bg-white/20',
            )}
          >
            {t('Sign In')}
          </Link>
          <button
            type="button"
            className="mt-1 h-11 rounded-xl text-base font-semibold text-white underline-offset-4 hover:underline"
            onClick={() => {
              setGuestFlag();
              navigate('/home');
            }}
          >
            {t('Continue as Guest')}
          </button>
          <LanguageSwitch className="mx-auto mt-2 border-white/40 bg-slate-950/30 backdrop-blur" />
        </div>
      </main>
    </div>
  );
}
