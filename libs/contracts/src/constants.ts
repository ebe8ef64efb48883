/** The product's name, shown in titles, prompts and the logo's alt text. */
export const BRAND = 'Waco Commons';
/** The one city the product serves. */
export const CITY = 'Waco';
/** Home page title: "{brand} | Events, For Sale, Jobs & More". */
export const HOME_TITLE = `${BRAND} | Events, For Sale, Jobs & More`;
export const TAGLINE = `Discover ${CITY} in a different way...`;

// Spec section 9: business constants and limits.
export const FEED_PAGE_SIZE = 15;
/** How many upcoming events a group's page lists (the web's query; the gateway's boot data asks the same). */
export const GROUP_PAGE_EVENTS = 50;
export const FEED_PAGE_SIZE_MAX = 50;
export const FEED_NEXT_PAGE_DISTANCE_PX = 500;
export const COMPACT_FILTER_BAR_SCROLL_PX = 100;
export const SEARCH_FAVOURITES_MAX = 6;
export const TOP_FILTERS_DEFAULT_LIMIT = 5;
export const TOP_FILTERS_SEARCH_LIMIT = 8;

export const MINUTE_MS = 60_000;
export const FEED_CACHE_MS = 5 * MINUTE_MS;
export const TOP_FILTERS_CACHE_MS = 5 * MINUTE_MS;
export const NOTIFICATIONS_POLL_MS = 30_000;
export const QUERY_GC_MS = 5 * MINUTE_MS;
export const USER_FRESH_MS = 10 * MINUTE_MS;
export const USER_KEPT_MS = 30 * MINUTE_MS;
export const POST_STATUS_CACHE_MS = 5 * MINUTE_MS;

export const MAX_IMAGES_PER_POST = 5;
export const MAX_IMAGE_BYTES = 10_485_760;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CAROUSEL_CARD_HEIGHT_PX = 256;
export const CAROUSEL_DETAIL_HEIGHT_PX = 400;
export const COMPOSER_MAX_HEIGHT_PX = 120;

export const AUTH_RELOAD_DELAY_MS = 1000;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const SAVED_TOAST_MS = 3000;
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const LOADING_PHRASE_INTERVAL_MS = 2000;
export const META_DESCRIPTION_MAX = 160;

export const PASSWORD_MIN_LENGTH = 8;
export const PRICE_MAX = '99999999.99';

export const HAPTIC_DURATIONS_MS = {
  tap: 150,
  like: 600,
  save: 500,
  swipe: 300,
  pinch: 200,
  success: 800,
  error: 600,
} as const;
export const HAPTIC_SCALES = { subtle: 0.7, medium: 1, strong: 1.5 } as const;

export const UPLOAD = {
  concurrency: 6,
  retryDelaysMs: [0, 1000, 3000, 5000],
  multipartThresholdBytes: 100 * 1024 * 1024,
  minPartBytes: 5 * 1024 * 1024,
  maxParts: 10_000,
  signedUrlSeconds: 604_800,
  presignedPutSeconds: 15 * 60,
} as const;

/** Keys the browser keeps in local storage. */
export const STORAGE_KEYS = {
  theme: 'vite-ui-theme',
  guest: 'hasVisitedAsGuest',
  returnUrl: 'returnUrl',
} as const;

/**
 * A cookie the browser's scripts may read, set and cleared with the (HttpOnly) session cookie:
 * without it the app knows the visitor is a guest and never asks `GET /api/user` (whose 401
 * would be logged on every guest page). It says nothing about who is signed in.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/**
 * A readable cookie set with the `hasVisitedAsGuest` flag: it tells the gateway, which cannot read
 * local storage, that this guest's `/` is the feed (not the welcome page), so the page may ask
 * for the first card's photo before the app runs.
 */
export const GUEST_HINT_COOKIE = 'guest';

/** A session lasts 30 days from sign-in (the hint cookie lives as long). */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The `<script type="application/json">` in which the gateway hands the app's HTML what its
 * first screen shows (who is signed in, the feed's first page, the post opened), so the first
 * card does not wait for the app's code to start and ask.
 */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';
