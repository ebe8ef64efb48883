import {
  APP_ROUTES,
  type AppRouteMatch,
  hashtagPath,
  isHashtagName,
  matchAppRoute,
  normalizeHashtag,
  Uuid,
} from '@waco/contracts';

/** What the gateway answers for an address of the web app: the page's status and canonical path. */
export interface AppPage {
  /** 404 for an address the app's router has no page for (it shows its "404 Page Not Found"). */
  status: 200 | 404;
  /** The page's one address, without its query (absent on a 404). */
  canonicalPath?: string;
}

/**
 * The page at an address, as the web app's router sees it (APP_ROUTES, @waco/contracts). Each page
 * has one canonical address: its own path as the table writes it (any case, trailing slash and
 * query folded away); the feed's is `/` (`/home` and every filter or search of it included),
 * the landing page's `/welcome`, and a post opened over the feed (`/?post={id}`) is its own page.
 */
export function appPageAt(url: URL): AppPage {
  const match = matchAppRoute(url.pathname);
  if (!match) return { status: 404 };
  // A name that cannot be a tag has no page (the app says "This is not a tag").
  if (match.name === 'tag' && !isHashtagName(normalizeHashtag(match.params.name ?? '')))
    return { status: 404 };
  return { status: 200, canonicalPath: canonicalPathOf(match, url) };
}

function canonicalPathOf({ name, params }: AppRouteMatch, url: URL): string {
  switch (name) {
    case 'root': {
      const post = url.searchParams.get('post');
      return post && Uuid.safeParse(post).success ? `/post/${post}` : '/';
    }
    case 'home':
      return '/';
    case 'landing':
      return APP_ROUTES.welcome;
    case 'post':
      return `/post/${encodeURIComponent(params.postId as string)}`;
    case 'user':
      return `/user/${encodeURIComponent(params.userId as string)}`;
    // A tag in any case or spelling (a decomposed accent) is one page.
    case 'tag':
      return hashtagPath(params.name as string);
    default:
      return APP_ROUTES[name];
  }
}
