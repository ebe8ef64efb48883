import { BRAND, HOME_TITLE, TAGLINE } from '@waco/contracts';
import { useEffect } from 'react';
import { t } from '../i18n/i18n';
import { excerpt } from './format';

export interface PageMeta {
  /** The page's own title; the document title is "{title} | Waco Commons". */
  title: string;
  description: string;
  type?: 'website' | 'article';
  /** A full document title, for the home page's own wording. */
  fullTitle?: string;
}

/** The site's description, in the reader's language (made when asked: the language may change). */
const defaultDescription = () =>
  `${t(TAGLINE)} ${t('Events, things for sale and jobs from your neighbours in {city}.', { city: BRAND.split(' ')[0] })}`;

/** The metadata presets of spec section 2 "Other", in the reader's language. */
export const metaPresets = {
  home: (): PageMeta => ({ title: BRAND, fullTitle: t(HOME_TITLE), description: defaultDescription() }),
  landing: (): PageMeta => ({ title: t('Welcome'), description: defaultDescription() }),
  auth: (): PageMeta => ({
    title: t('Join'),
    description: t('Sign in or create your {brand} account.', { brand: BRAND }),
  }),
  browse: (): PageMeta => ({ title: t('Browse'), description: defaultDescription() }),
  post: (post: { title: string; description: string }): PageMeta => ({
    title: post.title,
    description: excerpt(post.description),
    type: 'article',
  }),
  search: (query: string): PageMeta => ({
    title: t('Search: {query}', { query }),
    description: t('Posts matching "{query}" on {brand}.', { query, brand: BRAND }),
  }),
  category: (name: string): PageMeta => ({
    title: t(name.charAt(0).toUpperCase() + name.slice(1)),
    description: t('{name} in {brand}: {tagline}', { name: t(name), brand: BRAND, tagline: t(TAGLINE) }),
  }),
  notFound: (): PageMeta => ({ title: t('Page Not Found'), description: defaultDescription() }),
  forgotPassword: (): PageMeta => ({
    title: t('Forgot your password?'),
    description: t('Tell us your email and we will send you a link to choose a new one.'),
  }),
  resetPassword: (): PageMeta => ({ title: t('Choose a new password'), description: defaultDescription() }),
};

/** "{title} | Waco Commons". */
export const documentTitle = (meta: PageMeta) => meta.fullTitle ?? `${meta.title} | ${BRAND}`;

const COUNT_PREFIX = /^\(\d+\+?\) /;
let titleCount = 0;

/** The tab title with the unread count in front while there is one: "(3) Messages | …". */
export const withTitleCount = (title: string, count = titleCount) => {
  const bare = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${bare}` : bare;
};

let renderedMeta: PageMeta | null = null;

/**
 * The metadata of the page a server render just made (the innermost page or modal that set one;
 * renders run one at a time), and forgets it: the gateway writes it into the page's head, so the
 * title and description are right before the app runs, for the reader and for search engines.
 */
export function takeRenderedMeta(): { title: string; description: string } | null {
  const meta = renderedMeta;
  renderedMeta = null;
  return meta && { title: documentTitle(meta), description: excerpt(meta.description) };
}

/** Sets the unread count the tab title shows (0 for none). */
export function setTitleCount(count: number) {
  titleCount = count;
  if (typeof document !== 'undefined') document.title = withTitleCount(document.title);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/** Applies a page's title, description (160 characters at most) and Open Graph tags. */
export function applyPageMeta(meta: PageMeta) {
  const title = documentTitle(meta);
  const description = excerpt(meta.description);
  document.title = withTitleCount(title);
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:type', meta.type ?? 'website');
  setMeta('property', 'og:site_name', BRAND);
}

function snapshot() {
  const read = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content ?? '';
  return {
    title: document.title.replace(COUNT_PREFIX, ''),
    description: read('meta[name="description"]'),
    type: read('meta[property="og:type"]'),
  };
}

/**
 * Sets the page's metadata while the page (or modal) is shown, and puts back what was there
 * when it goes (a closed post modal gives the feed its title back).
 */
export function usePageMeta(meta: PageMeta | null) {
  const key = meta ? JSON.stringify(meta) : '';
  // Effects do not run on the server: the page's title goes into its HTML from here instead.
  if (meta && typeof document === 'undefined') renderedMeta = meta;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised meta is the dependency
  useEffect(() => {
    if (!meta) return;
    const before = snapshot();
    applyPageMeta(meta);
    return () => {
      document.title = withTitleCount(before.title);
      setMeta('name', 'description', before.description);
      setMeta('property', 'og:title', before.title);
      setMeta('property', 'og:description', before.description);
      setMeta('property', 'og:type', before.type || 'website');
    };
  }, [key]);
}
