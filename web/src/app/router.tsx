import type { ReactNode } from 'react';
import {
  Redirect,
  useSearch,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  useSearchParams as useWouterSearchParams,
  Link as WouterLink,
} from 'wouter';

// The app's router: wouter (about 2 KB gzip against react-router's 12: the router is on every
// first screen), behind the few calls the app makes, in the shape it has always used them. Only
// this file imports wouter.

export { Route, Router, Switch } from 'wouter';

/** Where the browser is: the path and the query (with its "?", or empty). */
export function useLocation(): { pathname: string; search: string } {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

type To = string | { pathname: string; search?: string };
interface NavigateOptions {
  replace?: boolean;
}

const hrefOf = (to: To) => {
  if (typeof to === 'string') return to;
  const search = to.search ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
  return `${to.pathname}${search}`;
};

/** Goes to an address in the app (a new history entry, or in place with `replace`). */
export function useNavigate() {
  const [, navigate] = useWouterLocation();
  return (to: To, options: NavigateOptions = {}) => navigate(hrefOf(to), options);
}

/** The query's parameters, and a way to set them (in place with `replace`). */
export function useSearchParams() {
  const [params, setParams] = useWouterSearchParams();
  const set = (next: URLSearchParams | Record<string, string>, options: NavigateOptions = {}) =>
    setParams(new URLSearchParams(next), options);
  return [params, set] as const;
}

/** The route's `:name` parts. */
export function useParams<T extends Record<string, string | undefined>>(): Partial<T> {
  return useWouterParams() as Partial<T>;
}

/** A link inside the app. */
export function Link({ to, ...props }: { to: string } & Omit<React.ComponentProps<'a'>, 'href'>) {
  return <WouterLink href={to} {...props} />;
}

/** Sends the browser elsewhere in the app, in place. */
export function Navigate({ to }: { to: string; replace?: boolean; children?: ReactNode }) {
  return <Redirect to={to} replace />;
}
