/**
 * The one page width: the header's content and every page's content share it, so their edges
 * line up. A phone column up to 1024 px, then a wide desktop area (the feed's grid, two panes).
 */
export const PAGE_WIDTH = 'mx-auto w-full max-w-2xl px-3 sm:px-4 lg:max-w-6xl lg:px-6';

/** A grid of post cards: one column on phones and tablets, two from 1024 px, three from 1280 px. */
export const CARD_GRID = 'grid items-start gap-4 lg:grid-cols-2 lg:gap-5 xl:grid-cols-3';
