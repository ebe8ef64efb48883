import type { BusinessCategory, Neighborhood } from '@waco/contracts';
import type { SeedMember as Member, SeedClient } from './seed-client';

/**
 * The seed's business directory: invented Waco businesses (no real names) added by the seed's
 * members, with their reviews. `by` and each review's `who` are indexes into SEED_USERS; `owner`,
 * when set, is the member whose claim a moderator would verify (left as a waiting claim: the
 * seed makes no moderator).
 */
export interface SeedBusiness {
  by: number;
  name: string;
  category: BusinessCategory;
  neighborhood: Neighborhood;
  description: string;
  address: string;
  phone: string;
  website: string | null;
  claimBy?: number;
  reviews: { who: number; rating: number; comment: string }[];
}

// biome-ignore format: one business a block, one review a line, reads as the seed it is
export const SEED_BUSINESSES: SeedBusiness[] = [
  { by: 4, name: 'Lone Oak Fence & Gate', category: 'home_repair', neighborhood: 'sanger_heights', claimBy: 8,
    description: 'Cedar privacy fences, gates and repairs. Free estimates, usually within the week.',
    address: '2210 Example Ave, Waco, TX', phone: '(254) 555-0140', website: null,
    reviews: [
      { who: 6, rating: 5, comment: 'Rebuilt our leaning fence in two days and hauled off the old boards.' },
      { who: 7, rating: 4, comment: 'Good work, a day later than promised because of the rain.' },
      { who: 2, rating: 5, comment: 'Fixed a sagging gate for a fair price.' },
    ] },
  { by: 2, name: 'Brazos Breakfast Tacos', category: 'restaurant', neighborhood: 'downtown',
    description: 'Breakfast tacos on handmade flour tortillas from 6 am, and migas on weekends.',
    address: '415 Sample St, Waco, TX', phone: '(254) 555-0171', website: 'https://example.com/brazos-tacos',
    reviews: [
      { who: 0, rating: 5, comment: 'The bacon, egg and potato is the best in town.' },
      { who: 5, rating: 4, comment: 'Line is long on Saturdays, worth it.' },
      { who: 9, rating: 5, comment: 'Great salsa verde.' },
      { who: 1, rating: 3, comment: 'Good tacos, coffee could be better.' },
    ] },
  { by: 1, name: 'Cottonwood Kolache House', category: 'coffee_bakery', neighborhood: 'brazos_park',
    description: 'Fruit and sausage kolaches baked every morning, drip coffee and cold brew.',
    address: '1804 Placeholder Rd, Waco, TX', phone: '(254) 555-0133', website: null,
    reviews: [
      { who: 3, rating: 5, comment: 'Apricot kolaches still warm at 7 am.' },
      { who: 4, rating: 4, comment: 'Sells out early on Sundays: go before nine.' },
    ] },
  { by: 3, name: 'Riverbend Bike Works', category: 'shopping', neighborhood: 'cameron_park',
    description: 'Bike repairs, tune-ups and used bikes, a short ride from the Cameron Park trails.',
    address: '900 Trailside Dr, Waco, TX', phone: '(254) 555-0188', website: 'https://example.com/riverbend-bikes',
    reviews: [
      { who: 9, rating: 5, comment: 'Trued my wheel while I waited.' },
      { who: 5, rating: 5, comment: 'Honest advice, they talked me out of a part I did not need.' },
      { who: 0, rating: 4, comment: 'Busy in spring; call ahead.' },
    ] },
  { by: 6, name: 'Creekside Paws Veterinary Clinic', category: 'pets', neighborhood: 'creek_meadows',
    description: 'Checkups, vaccines and small-animal care. Saturday mornings by appointment.',
    address: '3300 Meadow Ln, Waco, TX', phone: '(254) 555-0112', website: null,
    reviews: [
      { who: 7, rating: 5, comment: 'Kind with our nervous old dog.' },
      { who: 8, rating: 4, comment: 'Fair prices, sometimes a wait.' },
    ] },
  { by: 5, name: 'Heart of Texas Auto Care', category: 'auto_repair', neighborhood: 'other',
    description: 'Brakes, oil changes, AC repair and state inspections.',
    address: '5120 Sample Hwy, Waco, TX', phone: '(254) 555-0159', website: null,
    reviews: [
      { who: 1, rating: 4, comment: 'Fixed the AC before the heat hit.' },
      { who: 2, rating: 2, comment: 'Took three days longer than quoted.' },
    ] },
  { by: 8, name: 'Green Acres Lawn Crew', category: 'lawn_garden', neighborhood: 'sanger_heights',
    description: 'Weekly mowing, edging and leaf clean-up. Two brothers and a trailer.',
    address: 'Serves Sanger Heights and Castle Heights', phone: '(254) 555-0126', website: null,
    reviews: [{ who: 4, rating: 5, comment: 'Reliable every Tuesday, even in August.' }] },
  { by: 9, name: 'Magnolia Street Childcare', category: 'childcare', neighborhood: 'brazos_park',
    description: 'Home daycare for ages 1 to 5, licensed, with a big shaded yard.',
    address: '1420 Example St, Waco, TX', phone: '(254) 555-0164', website: null, reviews: [] },
];

/**
 * Adds the seed's businesses, their reviews and claims through the API as members would. What an
 * interrupted seed already made is found and not made again: each business by its name, each
 * review by the member's own (`myReviewId`), each claim by the claimant's `ownership`.
 */
export async function seedDirectory(
  client: SeedClient,
  users: Member[],
  progress: (done: number, total: number) => void,
): Promise<{ businesses: number; reviews: number }> {
  const counts = { businesses: 0, reviews: 0 };
  for (const [i, seed] of SEED_BUSINESSES.entries()) {
    const adder = users[seed.by] as Member;
    let businessId = await client.findId(
      adder.cookie,
      `/api/businesses?search=${encodeURIComponent(seed.name)}&limit=50`,
      (b: { name: string }) => b.name === seed.name,
    );
    if (!businessId) {
      const { by, reviews, claimBy, ...details } = seed;
      businessId = await client.createId(adder.cookie, '/api/businesses', details);
      counts.businesses++;
    }
    for (const review of seed.reviews) {
      const who = users[review.who] as Member;
      const business = await client.expect(200, 'GET', `/api/businesses/${businessId}`, {
        cookie: who.cookie,
      });
      if (business.body.myReviewId) continue;
      await client.expect(201, 'POST', `/api/businesses/${businessId}/reviews`, {
        cookie: who.cookie,
        json: { rating: review.rating, comment: review.comment },
      });
      counts.reviews++;
    }
    if (seed.claimBy !== undefined) {
      const claimant = users[seed.claimBy] as Member;
      const business = await client.expect(200, 'GET', `/api/businesses/${businessId}`, {
        cookie: claimant.cookie,
      });
      if (business.body.ownership === 'none')
        await client.expect(200, 'POST', `/api/businesses/${businessId}/claim`, {
          cookie: claimant.cookie,
          json: { note: 'I run the shop: call the listed number and ask for me.' },
        });
    }
    progress(i + 1, SEED_BUSINESSES.length);
  }
  return counts;
}
