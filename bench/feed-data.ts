import { randomUUID } from 'node:crypto';
import { NEIGHBORHOODS, POPULAR_TAGS, PostCreated, UserRegistered } from '@waco/contracts';
import { seededRandom as random } from '@waco/launcher/seed';
import { type EventRow, type NewEvent, newEvent, userDirectory } from '@waco/platform';
import { testEnvelope } from '@waco/platform/testing';
import { type Kysely, sql } from 'kysely';

/**
 * Believable posts for the feed benchmark, from a seeded generator (the same data every run):
 * a spread of categories, neighbourhoods, words and hashtags, so that filters and searches hit
 * realistic fractions of 100 000 posts (e.g. "bicycle" is in about 1 % of them).
 */

const SALE_ITEMS = [
  'bicycle',
  'oak rocking chair',
  'sofa',
  'dining table',
  'bookshelf',
  'desk lamp',
  'guitar',
  'kayak',
  'lawn mower',
  'grill',
  'crib',
  'stroller',
  'dresser',
  'mirror',
  'record player',
  'coffee table',
  'tent',
  'camping stove',
  'fishing rod',
  'golf clubs',
  'treadmill',
  'rug',
  'patio set',
  'bed frame',
  'air fryer',
  'microwave',
  'tv stand',
  'monitor',
  'laptop',
  'printer',
  'piano keyboard',
  'drum kit',
  'sewing machine',
  'quilt',
  'cowboy boots',
  'saddle',
  'pickup toolbox',
  'ladder',
  'power drill',
  'table saw',
  'potted fig tree',
  'raised garden bed',
  'chicken coop',
  'baby gate',
  'high chair',
  'textbooks',
  'vinyl records',
  'mountain bike helmet',
  'skateboard',
  'paddle board',
  'canoe',
  'aquarium',
  'bird cage',
  'dog crate',
  'cat tree',
  'washer',
  'dryer',
  'fridge',
  'freezer',
  'recliner',
  'futon',
];
const SALE_ADJECTIVES = [
  'Vintage',
  'Like-new',
  'Solid',
  'Barely used',
  'Handmade',
  'Sturdy',
  'Cute',
  'Big',
  'Small',
  'Classic',
];
const JOBS = [
  'Barista',
  'Line cook',
  'Dishwasher',
  'Server',
  'Cashier',
  'Delivery driver',
  'Warehouse associate',
  'Dental assistant',
  'Receptionist',
  'Dog walker',
  'Babysitter',
  'Tutor',
  'Landscaper',
  'Painter',
  'Electrician helper',
  'Plumber apprentice',
  'Bookkeeper',
  'Social media assistant',
  'Graphic designer',
  'Web developer',
  'Nurse aide',
  'Pharmacy technician',
  'Bike mechanic',
  'Farmhand',
  'Event staff',
  'Photographer',
  'Music teacher',
  'Swim instructor',
  'Coach',
  'House cleaner',
];
const COMPANIES = [
  'Common Grounds',
  'Magnolia Table',
  'Baylor University',
  'Dichotomy Coffee',
  'Waco ISD',
  'Heritage Creamery',
  'Balcones Distilling',
  'Cameron Park Zoo',
  'Spice Village',
  'Brazos Bike Shop',
];
const EVENTS = [
  'Farmers market',
  'Porch concert',
  'Trail run',
  'Art walk',
  'Book swap',
  'Yoga in the park',
  'Food truck night',
  'Community cleanup',
  'Chili cook-off',
  'Open mic',
  'Trivia night',
  'Movie under the stars',
  'Kayak meetup',
  'Garden tour',
  'Craft fair',
  'Bike ride',
  'Dog adoption day',
  'Blood drive',
  'Chess club',
  'Salsa lessons',
  'Storytime',
  'Pickleball round robin',
  'Bird walk',
  'Car show',
  'Quilting circle',
  'Fish fry',
  'Jazz night',
  'Science fair',
  'Pumpkin patch',
  'Holiday lights walk',
];
const PLACES = [
  'Cameron Park',
  'the Suspension Bridge',
  'Indian Spring Park',
  'Downtown',
  'Baylor campus',
  'the Silos',
  'Lake Waco',
  'Brazos Park East',
  'Sanger Heights',
  'Creek Meadows',
  'Elm Avenue',
  'Austin Avenue',
];
const SENTENCES = [
  'Pick up only, cash or Venmo.',
  'Smoke-free, pet-free home.',
  'Message me with any questions.',
  'First come, first served.',
  'Can deliver within Waco for a small fee.',
  'Priced to sell this weekend.',
  'Works great, just moving.',
  'Some wear, see photos.',
  'Flexible hours, weekends a plus.',
  'Training provided, friendly team.',
  'Must be reliable and on time.',
  'Part-time to start, could grow.',
  'Free and open to everyone.',
  'Bring a lawn chair and a friend.',
  'Kids and dogs welcome.',
  'Parking on the street.',
  'Rain or shine.',
  'Snacks and cold drinks provided.',
  'Hosted by neighbours who love this town.',
  'RSVP appreciated but not required.',
];
const TAGS = [...POPULAR_TAGS, '#free', '#family', '#outdoors', '#music'];

/** A row of the `events` table as the bulk insert takes it (the time as ISO text). */
export type BenchEvent = Omit<EventRow, 'correlation_id' | 'causation_id' | 'traceparent' | 'occurred_at'> & {
  occurred_at: string;
};

/** The row of a new event, the first of its stream. */
export function benchEvent(event: NewEvent, streamId: string, actorId: string, occurredAt: Date): BenchEvent {
  return {
    id: randomUUID(),
    stream_id: streamId,
    stream_position: 1,
    type: event.type,
    schema_version: event.schemaVersion,
    data: event.data,
    actor_id: actorId,
    occurred_at: occurredAt.toISOString(),
  };
}

/**
 * `count` PostCreated events by `authors`, the oldest a year ago and the newest now, in time
 * order (as they would have been appended). Each is validated by the event's schema.
 */
export function* generatePostEvents(count: number, authors: string[], seed = 42): Generator<BenchEvent> {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const yearMs = 365 * 24 * 3600 * 1000;
  const start = Date.now() - yearMs;
  for (let i = 0; i < count; i++) {
    const ownerId = pick(authors);
    const roll = next();
    const category = roll < 0.5 ? 'sale' : roll < 0.75 ? 'job' : 'event';
    const place = pick(PLACES);
    const body = [
      pick(SENTENCES),
      pick(SENTENCES),
      next() < 0.4 ? pick(TAGS) : '',
      next() < 0.2 ? pick(TAGS) : '',
    ]
      .filter(Boolean)
      .join(' ');
    let title: string;
    let description: string;
    let extra: Record<string, unknown> = {};
    if (category === 'sale') {
      const item = pick(SALE_ITEMS);
      title = `${pick(SALE_ADJECTIVES)} ${item}`;
      description = `${title} near ${place}. ${body}`;
      extra = { price: (Math.floor(next() * 50000) / 100).toFixed(2) };
    } else if (category === 'job') {
      const company = pick(COMPANIES);
      title = `${pick(JOBS)} at ${company}`;
      description = `${company} is hiring near ${place}. ${body}`;
      extra = { company, salary: `$${12 + Math.floor(next() * 20)}/hour` };
    } else {
      title = `${pick(EVENTS)} at ${place}`;
      description = `Join us at ${place}. ${body}`;
      extra = { eventDate: new Date(start + next() * yearMs * 1.2).toISOString(), address: place };
    }
    const postId = randomUUID();
    const event = newEvent(PostCreated, {
      postId,
      ownerId,
      title,
      category,
      description,
      neighborhood: pick(NEIGHBORHOODS),
      price: null,
      company: null,
      salary: null,
      eventDate: null,
      address: null,
      imagePaths: next() < 0.5 ? [`/objects/uploads/${ownerId}/${postId}.jpg`] : [],
      contactPhone: null,
      contactEmail: null,
      ...extra,
    });
    // Whole milliseconds, as events appended by the service carry them.
    yield benchEvent(event, `post-${postId}`, ownerId, new Date(start + Math.floor((i / count) * yearMs)));
  }
}

/** Writes events to the log in one statement: a bulk stand-in for appendToStream. */
export async function insertBenchEvents<DB>(db: Kysely<DB>, batch: readonly BenchEvent[]) {
  await sql`
    INSERT INTO events (id, stream_id, stream_position, type, schema_version, data, actor_id, occurred_at)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(
      id uuid, stream_id text, stream_position int, type text, schema_version int, data jsonb,
      actor_id text, occurred_at timestamptz)`.execute(db);
}

/** Collects events and writes them to the log 5000 at a time; `done` writes the rest. */
export function benchEventWriter<DB>(db: Kysely<DB>) {
  let batch: BenchEvent[] = [];
  const flush = async () => {
    if (batch.length > 0) await insertBenchEvents(db, batch);
    batch = [];
  };
  return {
    async add(event: BenchEvent) {
      batch.push(event);
      if (batch.length === 5000) await flush();
    },
    done: flush,
  };
}

/** A member as the benchmarks make them up: their id, address and name. */
export interface BenchAuthor {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Members in posts' copy of identity's users (its `authors` table), recorded from the
 * `UserRegistered` identity would publish, in one transaction.
 */
export async function recordAuthors<DB>(db: Kysely<DB>, authors: readonly BenchAuthor[]) {
  const directory = userDirectory('authors');
  await db.transaction().execute(async (trx) => {
    for (const author of authors) {
      const registered = { ...author, profileImageUrl: null, registeredAt: new Date().toISOString() };
      await directory.record(
        trx,
        testEnvelope(UserRegistered, registered, { streamId: `user-${author.userId}` }),
      );
    }
  });
}
