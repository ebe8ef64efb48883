import { Heart, MessageCircle, PlusCircle } from 'lucide-react';
import { useLocation, useNavigate } from '../../../app/router';
import { msg, t } from '../../../i18n/i18n';
import { promptTitle } from '../../../lib/action-wording';
import { storeReturnUrl } from '../../../lib/storage';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/Dialog';
import { LogoMark } from '../../../ui/Logo';

const PERKS = [
  { icon: Heart, text: msg('Like and save the posts you love') },
  { icon: MessageCircle, text: msg('Message sellers, employers and neighbours') },
  { icon: PlusCircle, text: msg('Create posts for things to sell, jobs and events') },
];

/** The prompt's ways on: to sign up, to sign in (then back to where the guest was), or on browsing. */
const CHOICES = [
  { text: msg('Sign Up Free'), look: buttonClass('primary', 'lg', 'w-full'), tab: 'signup' },
  { text: msg('I already have an account'), look: buttonClass('outline', 'md', 'w-full'), tab: 'login' },
  {
    text: msg('Continue browsing as guest'),
    look: buttonClass('ghost', 'md', 'w-full text-muted-foreground'),
    tab: null,
  },
] as const;

/** "Join Waco Commons to {action}": opened by every protected action a guest tries. */
export default function SignInPromptDialog({ action, onClose }: { action: string | null; onClose(): void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const join = (tab: 'signup' | 'login') => {
    storeReturnUrl(`${location.pathname}${location.search}`);
    onClose();
    navigate(tab === 'signup' ? '/auth?tab=signup' : '/auth');
  };
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={action ? promptTitle(action) : ''}
      description={t("It's free, and it takes less than a minute. Members can:")}
      className="text-center"
      lead={
        <div className="mx-auto mb-4 w-fit">
          <LogoMark size={56} />
        </div>
      }
    >
      <ul className="mt-4 grid gap-2 text-left">
        {PERKS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 rounded-xl bg-muted px-3 py-2.5 text-sm">
            <Icon aria-hidden className="size-5 shrink-0 text-primary" />
            {t(text)}
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-2">
        {CHOICES.map(({ text, look, tab }) => (
          <button key={text} type="button" className={look} onClick={() => (tab ? join(tab) : onClose())}>
            {t(text)}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
