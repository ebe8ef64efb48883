import { CITY, IMAGE_VARIANT_WIDTHS, imageUrl, type Post } from '@waco/contracts';
import type {
  Event,
  ItemAvailability,
  JobPosting,
  MonetaryAmount,
  Offer,
  Organization,
  Person,
  Place,
  PostalAddress,
  Product,
  WithContext,
} from 'schema-dts';

// A post page's schema.org data (JSON-LD), so that a search engine can show it as a rich result:
// a sale as a Product with its Offer, a job as a JobPosting, an event as an Event. Typed with
// schema-dts (schema.org's vocabulary as TypeScript types); test/structured-data.test.ts checks
// the output against that vocabulary and against what Google requires of each rich result.

export type PostStructuredData = WithContext<Product> | WithContext<JobPosting> | WithContext<Event>;

/** Every post is in the one city: the region and country of its addresses. */
const REGION = 'TX';
const COUNTRY = 'US';
const CURRENCY = 'USD';
const SCHEMA = 'https://schema.org/';
/** The widest photo media writes, as the link preview shows it. */
const IMAGE_WIDTH = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];

const absolute = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** The post's JSON-LD, by its category. */
export function postStructuredData(post: Post, origin: string): PostStructuredData {
  const common = {
    url: absolute(origin, `/post/${post.id}`),
    description: post.description,
    ...(post.imagePaths.length > 0
      ? { image: post.imagePaths.map((path) => absolute(origin, imageUrl(path, IMAGE_WIDTH))) }
      : {}),
  };
  const poster = posterOf(post, origin);
  if (post.category === 'job') return jobPosting(post, common, poster);
  if (post.category === 'event') return event(post, common, poster);
  return product(post, common, poster);
}

type Common = { url: string; description: string; image?: string[] };

function product(post: Post, common: Common, poster: Person | null): WithContext<Product> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: post.title,
    ...common,
    // Without a price there is nothing to offer in schema.org's terms (Google requires one).
    ...(post.price !== null ? { offers: offer(post, common.url, poster, saleAvailability(post)) } : {}),
  };
}

/** Sold: sold out; withdrawn (closed otherwise) or expired: no longer offered; else in stock. */
function saleAvailability(post: Post): ItemAvailability {
  if (post.state === 'closed') return `${SCHEMA}${post.closedReason === 'sold' ? 'SoldOut' : 'Discontinued'}`;
  if (post.state === 'expired') return `${SCHEMA}Discontinued`;
  return `${SCHEMA}InStock`;
}

function offer(post: Post, url: string, seller: Person | null, availability: ItemAvailability): Offer {
  return {
    '@type': 'Offer',
    url,
    // A free item's price is 0.
    price: Number(post.price),
    priceCurrency: CURRENCY,
    availability,
    ...(seller ? { seller } : {}),
  };
}

function jobPosting(post: Post, common: Common, poster: Person | null): WithContext<JobPosting> {
  const hiring: Organization | Person | null = post.company
    ? { '@type': 'Organization', name: post.company }
    : poster;
  const employmentType = employmentTypesOf(post);
  const salary = post.salary ? baseSalaryOf(post.salary) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: post.title,
    ...common,
    datePosted: post.createdAt,
    // Filled or withdrawn: the posting ended when it was closed.
    validThrough: post.state === 'closed' ? post.updatedAt : post.expiresAt,
    ...(hiring ? { hiringOrganization: hiring } : {}),
    jobLocation: place(post.address),
    ...(employmentType.length > 0 ? { employmentType } : {}),
    ...(salary ? { baseSalary: salary } : {}),
  };
}

function event(post: Post, common: Common, poster: Person | null): WithContext<Event> {
  const cancelled = post.state === 'closed' && post.closedReason === 'cancelled';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: post.title,
    ...common,
    // Events always have a date (the create form requires it); the post has no end time.
    ...(post.eventDate ? { startDate: post.eventDate } : {}),
    eventStatus: `${SCHEMA}${cancelled ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: place(post.address),
    ...(poster ? { organizer: poster } : {}),
    ...(post.price !== null
      ? { offers: offer(post, common.url, null, `${SCHEMA}${cancelled ? 'Discontinued' : 'InStock'}`) }
      : {}),
  };
}

/** Where a job or an event is: the post's address (free text) in the city. */
function place(address: string | null): Place {
  const postal: PostalAddress = {
    '@type': 'PostalAddress',
    ...(address ? { streetAddress: address } : {}),
    addressLocality: CITY,
    addressRegion: REGION,
    addressCountry: COUNTRY,
  };
  return { '@type': 'Place', name: address ?? `${CITY}, ${REGION}`, address: postal };
}

/** The poster as a Person with their profile's address; null for an account without a name. */
function posterOf(post: Post, origin: string): Person | null {
  const name = [post.user.firstName, post.user.lastName].filter(Boolean).join(' ').trim();
  if (!name) return null;
  return { '@type': 'Person', name, url: absolute(origin, `/user/${post.userId}`) };
}

/**
 * The kinds of employment the post names: its hashtags (#parttime, #freelance: the search's
 * popular tags), or words in its title or salary ("Part-time cashier"). Not the description's
 * prose, where "not full-time" would read as full time.
 */
export function employmentTypesOf(post: Pick<Post, 'title' | 'description' | 'salary'>): string[] {
  const tags = new Set(
    [...`${post.title} ${post.description}`.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) =>
      (m[1] as string).toLowerCase(),
    ),
  );
  const words = `${post.title} ${post.salary ?? ''}`.toLowerCase();
  return EMPLOYMENT_TYPES.filter(
    ({ tags: named, words: pattern }) => named.some((tag) => tags.has(tag)) || pattern.test(words),
  ).map(({ type }) => type);
}

// Google's values of employmentType.
const EMPLOYMENT_TYPES = [
  { type: 'FULL_TIME', tags: ['fulltime'], words: /\bfull[- ]?time\b/ },
  { type: 'PART_TIME', tags: ['parttime'], words: /\bpart[- ]?time\b/ },
  {
    type: 'CONTRACTOR',
    tags: ['freelance', 'contract', 'contractor'],
    words: /\b(?:freelance|contract(?:or)?)\b/,
  },
  { type: 'TEMPORARY', tags: ['temporary', 'temp', 'seasonal'], words: /\b(?:temporary|seasonal)\b/ },
  { type: 'INTERN', tags: ['intern', 'internship'], words: /\b(?:intern|internship)\b/ },
  { type: 'VOLUNTEER', tags: ['volunteer'], words: /\bvolunteer\b/ },
  { type: 'PER_DIEM', tags: ['perdiem'], words: /\bper[- ]diem\b/ },
];

const SALARY_UNITS: Record<string, 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'> = {
  hour: 'HOUR',
  hr: 'HOUR',
  h: 'HOUR',
  day: 'DAY',
  week: 'WEEK',
  wk: 'WEEK',
  month: 'MONTH',
  mo: 'MONTH',
  year: 'YEAR',
  yr: 'YEAR',
  annum: 'YEAR',
};

// An amount in dollars: "$" first, so that "3 per week" in "3 shifts per week, $12/hour" is no pay.
const AMOUNT = String.raw`(\d[\d,]*(?:\.\d+)?)\s*(k)?`;
const SALARY = new RegExp(
  String.raw`\$\s*${AMOUNT}(?:\s*(?:-|–|to)\s*\$?\s*${AMOUNT})?\s*(?:/|\bper\b|\ban?\b)\s*(hour|hr|h|day|week|wk|month|mo|year|yr|annum)\b`,
  'i',
);

/**
 * The salary, when its free text says an amount per hour, day, week, month or year ("$13/hour
 * plus tips", "$15-18 an hour", "$45k/year"); null otherwise ("$25 per lesson" has no unit
 * schema.org knows).
 */
export function baseSalaryOf(text: string): MonetaryAmount | null {
  const match = SALARY.exec(text);
  if (!match) return null;
  const amount = (digits: string | undefined, thousands: string | undefined) =>
    digits === undefined ? undefined : Number(digits.replace(/,/g, '')) * (thousands ? 1000 : 1);
  const low = amount(match[1], match[2]);
  const high = amount(match[3], match[4]);
  const unitText = SALARY_UNITS[(match[5] as string).toLowerCase()] as string;
  if (low === undefined || !Number.isFinite(low) || (high !== undefined && !Number.isFinite(high)))
    return null;
  return {
    '@type': 'MonetaryAmount',
    currency: CURRENCY,
    value:
      high === undefined
        ? { '@type': 'QuantitativeValue', value: low, unitText }
        : { '@type': 'QuantitativeValue', minValue: low, maxValue: high, unitText },
  };
}

/**
 * The `<script type="application/ld+json">` of the data, before `</head>`. Its `<`, `>` and `&`
 * are written as JSON escapes, so no text of the post can close the script (`</script>`) or
 * open a comment.
 */
export function withStructuredData(html: string, data: PostStructuredData): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return html.replace(
    /<\/head>/i,
    () => `    <script type="application/ld+json">${json}</script>\n  </head>`,
  );
}
