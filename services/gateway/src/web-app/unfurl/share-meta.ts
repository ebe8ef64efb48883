import {
  BRAND,
  CITY_TIME_ZONE,
  excerptOf,
  formatEventDate,
  formatPrice,
  IMAGE_VARIANT_WIDTHS,
  imageUrl,
  META_DESCRIPTION_MAX,
  type Post,
  type PublicUser,
} from '@waco/contracts';

/** What a link preview (Open Graph, Twitter cards) shows of a page. */
export interface ShareMeta {
  /** The page's own title (the document title is "{title} | Waco Commons"). */
  title: string;
  description: string;
  /** The page's canonical address, absolute. */
  url: string;
  type: 'article' | 'profile' | 'website';
  /** An absolute image address. */
  image?: string;
  /** One labelled fact a Twitter card shows beside the text ("Price", "$25.00"). */
  label?: { name: string; value: string };
}

/** The widest variant media writes: what a preview card shows. */
const PREVIEW_IMAGE_WIDTH = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** A post's preview: its title, its price (or event date), the start of its description, its first photo. */
export function postShareMeta(post: Post, origin: string): ShareMeta {
  const price = formatPrice(post.price);
  const when = post.eventDate ? formatEventDate(post.eventDate, CITY_TIME_ZONE) : null;
  const label = price
    ? { name: 'Price', value: price }
    : when
      ? { name: 'When', value: when }
      : post.salary
        ? { name: 'Salary', value: post.salary }
        : undefined;
  const firstPhoto = post.imagePaths[0];
  return {
    title: post.title,
    description: excerptOf(
      [label?.value, post.description].filter(Boolean).join(' · '),
      META_DESCRIPTION_MAX,
    ),
    url: absolute(origin, `/post/${post.id}`),
    type: 'article',
    image: firstPhoto ? absolute(origin, imageUrl(firstPhoto, PREVIEW_IMAGE_WIDTH)) : undefined,
    label,
  };
}

/** A member's preview: their name, their bio (or what they have posted), their photo. */
export function userShareMeta(user: PublicUser, origin: string): ShareMeta {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || `A ${BRAND} member`;
  const about =
    user.bio?.trim() ||
    `${name} on ${BRAND}: ${user.postsCount} ${user.postsCount === 1 ? 'post' : 'posts'}${user.location ? ` · ${user.location}` : ''}.`;
  return {
    title: name,
    description: excerptOf(about, META_DESCRIPTION_MAX),
    url: absolute(origin, `/user/${user.id}`),
    type: 'profile',
    image: user.profileImageUrl ? absolute(origin, user.profileImageUrl) : undefined,
  };
}
