import { CalendarDays, Moon, Search, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../app/router';
import { t } from '../../../i18n/i18n';
import { LanguageToggle } from '../../../i18n/LanguageSwitch';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Logo } from '../../../ui/Logo';
import { PAGE_WIDTH } from '../../../ui/layout';
import { Tip } from '../../../ui/Tip';
import { useTheme } from '../../../ui/theme';
import { PersonAvatar } from '../../auth/components/PersonAvatar';
import { displayName, useCurrentUser } from '../../auth/hooks/current-user';

// A little smaller on a phone: a guest's header holds five buttons beside the logo, in Spanish too.
const iconButton =
  'grid size-9 place-items-center rounded-full text-foreground transition-colors hover:bg-muted sm:size-10';

/** Logo, search, theme switch, and the avatar (profile menu) or Join. */
export function Header({
  onSearch,
  onProfileMenu,
  navigation,
}: {
  onSearch(): void;
  onProfileMenu(): void;
  /** The main navigation, shown in the header on desktop (the phone's is at the bottom). */
  navigation?: ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();
  const { theme, toggleTheme } = useTheme();
  return (
    <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur-md">
      <div className={cn(PAGE_WIDTH, 'flex h-14 items-center gap-0.5 sm:h-16 sm:gap-1')}>
        <Link to="/" className="mr-auto rounded-lg" aria-label={t('Waco Commons home')}>
          <Logo size={30} />
        </Link>
        {navigation}
        <Tip label={t('Search')}>
          <button type="button" className={iconButton} onClick={onSearch} aria-label={t('Search')}>
            <Search aria-hidden className="size-5" />
          </button>
        </Tip>
        <Tip label={theme === 'dark' ? t('Light mode') : t('Dark mode')}>
          <button
            type="button"
            className={iconButton}
            onClick={toggleTheme}
            aria-label={theme === 'dark' ? t('Switch to light mode') : t('Switch to dark mode')}
            data-testid="theme-toggle"
          >
            {theme === 'dark' ? (
              <Sun aria-hidden className="size-5" />
            ) : (
              <Moon aria-hidden className="size-5" />
            )}
          </button>
        </Tip>
        {user ? (
          <button
            type="button"
            onClick={onProfileMenu}
            className="ml-1 rounded-full ring-offset-2 ring-offset-card hover:ring-2 hover:ring-primary/40"
            aria-label={t('Open profile menu for {name}', { name: displayName(user) })}
          >
            <PersonAvatar person={user} size={36} />
          </button>
        ) : isLoading ? (
          <span className="ml-1 size-9 rounded-full bg-muted" />
        ) : (
          <>
            {/* Guests browse public groups and events too; joining asks them to sign in. */}
            <Link
              to="/events"
              className={iconButton}
              aria-label={t('Groups and events')}
              title={t('Groups and events')}
            >
              <CalendarDays aria-hidden className="size-5" />
            </Link>
            <LanguageToggle />
            <Link
              to="/auth?tab=signup"
              className={buttonClass('primary', 'sm', 'ml-1 rounded-full px-3 sm:px-4')}
            >
              {t('Join')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}
