// The product's fixed vocabularies, without zod, so that the web app's first screen can use them
// without loading the schema library (`"sideEffects": false` lets the bundler leave the rest out).

export const CATEGORIES = ['sale', 'job', 'event'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = { sale: 'For Sale', job: 'Job', event: 'Event' };
export const CATEGORY_CHIPS: Record<Category, string> = { sale: 'For Sale', job: 'Jobs', event: 'Events' };

/** The search modal's Popular Tags (spec, "Search modal"). */
export const POPULAR_TAGS = [
  '#furniture',
  '#parttime',
  '#weekend',
  '#downtown',
  '#events',
  '#freelance',
] as const;

export const NEIGHBORHOODS = [
  'downtown',
  'cameron_park',
  'brazos_park',
  'sanger_heights',
  'creek_meadows',
  'other',
] as const;
export type Neighborhood = (typeof NEIGHBORHOODS)[number];
