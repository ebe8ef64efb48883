/**
 * The one page width: the header's content and every page's content share it, so their edges
 * line up. A phone column up to 1024 px, then a wide desktop area (the feed's grid, two panes),
 * wider still on large screens (1536 px and more), where the feed's filters sit beside the grid.
 */
export const PAGE_WIDTH = 'mx-auto w-full max-w-2xl px-3 sm:px-4 lg:max-w-6xl lg:px-6 2xl:max-w-[100rem]';

/**
 * A grid of post cards: one column on phones and tablets, two from 1024 px; from 1280 px as many
 * columns of at least 17rem as fit, each row's cards as tall as its tallest (no holes), their
 * photos in a 4:3 frame (`--card-photo-height`; 256 px, the spec's card carousel, below).
 */
export const CARD_GRID =
  'grid items-start gap-4 [--card-photo-height:256px] lg:grid-cols-2 lg:gap-5 xl:grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] xl:items-stretch xl:[--card-photo-height:100%]';
