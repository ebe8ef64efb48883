import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { setTitleCount } from '../../../lib/page-meta';
import { PAGE_WIDTH } from '../../../ui/layout';
import { lazyPart } from '../../../ui/lazy-part';
import { VerificationBanner } from '../../account/components/VerificationBanner';
import { useMemberLanguage } from '../../account/hooks/member-language';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { useLiveUpdates, useUnreadCounts } from '../../live/hooks/live-data';
import { SuspensionBanner } from '../../moderation/components/SuspensionBanner';
import { BottomNav } from './BottomNav';
import { Header } from './Header';

const SearchModal = lazyPart('SearchModal', () => import('../../search/components/SearchModal'));
const ProfileMenu = lazyPart('ProfileMenu', () => import('./ProfileMenu'));

/** Header on top, the page, the bottom navigation; the search and profile modals load when opened. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [loaded, setLoaded] = useState({ search: false, menu: false });
  const { user } = useCurrentUser();
  useMemberLanguage();
  useLiveUpdates(user?.id ?? null);
  const unread = useUnreadCounts(Boolean(user));
  const unreadNotifications = unread?.notifications ?? 0;
  useEffect(() => {
    setTitleCount(unreadNotifications);
    return () => setTitleCount(0);
  }, [unreadNotifications]);
  return (
    <div className="min-h-dvh pb-24 sm:pb-28 lg:pb-12">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-card focus:px-3 focus:py-2"
      >
        {t('Skip to content')}
      </a>
      <Header
        onSearch={() => {
          setLoaded((l) => ({ ...l, search: true }));
          setSearchOpen(true);
        }}
        onProfileMenu={() => {
          setLoaded((l) => ({ ...l, menu: true }));
          setMenuOpen(true);
        }}
        // One navigation shows: in the header from 1024 px, at the bottom below. Both are in the
        // page and CSS picks (lg:), so the server's HTML is laid out for the screen it lands on.
        navigation={<BottomNav unread={unread} placement="top" />}
      />
      <VerificationBanner />
      <main id="main" className={PAGE_WIDTH}>
        <SuspensionBanner />
        {children}
      </main>
      <BottomNav unread={unread} />
      <Suspense fallback={null}>
        {loaded.search && <SearchModal open={searchOpen} onOpenChange={setSearchOpen} />}
        {loaded.menu && <ProfileMenu open={menuOpen} onOpenChange={setMenuOpen} />}
      </Suspense>
    </div>
  );
}
