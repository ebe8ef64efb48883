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
        <button
          type="button"
          className={buttonClass('primary', 'lg', 'w-full')}
          onClick={() => join('signup')}
        >
          {t('Sign Up Free')}
        </button>
        <button
          type="button"
          className={buttonClass('outline', 'md', 'w-full')}
          onClick={() => join('login')}
        >
          {t('I already have an account')}
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'md', 'w-full text-muted-foreground')}
          onClick={onClose}
        >
          {t('Continue browsing as guest')}
        </button>
      </div>
    </Dialog>
  );
}
