import { useLocation } from '../../../app/router';

/** Where the navigation stands: which tab is the current page, and whether the create form is open. */
export function useNavLocation() {
  const location = useLocation();
  const isHome = location.pathname === '/' || location.pathname === '/home';
  const posting = isHome && new URLSearchParams(location.search).get('mode') === 'post';
  const active = (to: string) => (to === '/' ? isHome && !posting : location.pathname.startsWith(to));
  return { posting, active };
}
