import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { Post } from '@waco/contracts';
import { testPost } from '@waco/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baseSalaryOf,
  employmentTypesOf,
  type PostStructuredData,
  postStructuredData,
  withStructuredData,
} from '../src/web-app/unfurl/structured-data';

// A post page's schema.org data, checked against schema.org's vocabulary as schema-dts ships it
// (Google's package: every type with the properties its domain allows, inherited ones included,
// and each property's range, enumerations too), by the TypeScript checker; and against the fields
// Google requires of a Product, a JobPosting and an Event rich result.

const ORIGIN = 'https://waco.example';
const author = { id: randomUUID(), firstName: 'Emily', lastName: 'Carter', profileImageUrl: null };
const post = (over: Partial<Post>): Post =>
  testPost({ userId: author.id, user: author, updatedAt: '2026-11-03T09:00:00.000Z', ...over });

const SAMPLES = {
  sale: post({ price: '1250.50', imagePaths: ['/objects/uploads/u1/a.jpg', '/objects/uploads/u1/b.jpg'] }),
  freeSale: post({ title: 'Free firewood', price: '0.00' }),
  soldSale: post({ price: '80.00', state: 'closed', closedReason: 'sold' }),
  withdrawnSale: post({ price: '80.00', state: 'closed', closedReason: 'cancelled' }),
  unpricedSale: post({ title: 'Make an offer: oak desk' }),
  job: post({
    category: 'job',
    title: 'Barista, mornings',
    description: 'Busy downtown coffee bar. #parttime',
    company: 'Common Grounds',
    salary: '$13/hour plus tips',
    address: '700 Austin Ave',
  }),
  personalJob: post({
    category: 'job',
    title: 'Full-time nanny',
    description: 'Two kids, weekdays.',
    salary: '$45k-$50k a year',
  }),
  filledJob: post({
    category: 'job',
    title: 'Dog walker',
    state: 'closed',
    closedReason: 'filled',
    salary: '$20 a walk',
  }),
  event: post({
    category: 'event',
    title: 'Brazos River sunset paddle',
    description: 'Meet at the boat ramp.',
    eventDate: '2026-12-05T00:30:00.000Z',
    address: 'Brazos Park East',
    price: '0.00',
    imagePaths: ['/objects/uploads/u1/river.jpg'],
  }),
  cancelledEvent: post({
    category: 'event',
    title: 'Porch concert',
    eventDate: '2026-12-06T01:00:00.000Z',
    state: 'closed',
    closedReason: 'cancelled',
    user: { ...author, firstName: null, lastName: null },
  }),
  hostile: post({ title: 'Bike </script><script>alert(1)</script><!--', price: '5' }),
} satisfies Record<string, Post>;

const data = Object.fromEntries(
  Object.entries(SAMPLES).map(([name, p]) => [name, postStructuredData(p, ORIGIN)]),
) as Record<keyof typeof SAMPLES, PostStructuredData>;

// ---- the vocabulary

const require = createRequire(import.meta.url);
const schemaDts = require.resolve('schema-dts/package.json');
const TSC = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
const work = mkdtempSync(join(tmpdir(), 'structured-data-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Diagnostic {
  file: string;
  line: number;
  text: string;
}

/**
 * Type-checks each JSON-LD document as schema-dts's type of its `@type`, in its own file:
 * answers the checker's complaints (none: every type, property and value is schema.org's).
 */
async function checkAgainstVocabulary(documents: Record<string, unknown>): Promise<Diagnostic[]> {
  const files = Object.entries(documents).map(([name, doc]) => {
    const type = (doc as { '@type': string })['@type'];
    const file = join(work, `${name}.ts`);
    writeFileSync(
      file,
      `import type * as S from 'schema-dts';\nexport const doc: S.WithContext<S.${type}> = ${JSON.stringify(doc, null, 2)};\n`,
    );
    return file;
  });
  const config = join(work, `tsconfig-${Object.keys(documents).join('-').slice(0, 40)}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        types: [],
        paths: {
          'schema-dts': [join(dirname(schemaDts), 'dist', 'schema.d.ts')],
          'schema-dts-lib': [require.resolve('schema-dts-lib/package.json', { paths: [schemaDts] })].map(
            (p) => join(dirname(p), 'dist', 'index.d.ts'),
          ),
        },
      },
      files,
    }),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [
    TSC,
    '-p',
    config,
    '--pretty',
    'false',
  ]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }));
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^(.*?)\((\d+),\d+\): (.*)$/.exec(line);
      return m
        ? { file: m[1] as string, line: Number(m[2]), text: m[3] as string }
        : { file: '', line: 0, text: line };
    });
}

describe("a post page's schema.org data", () => {
  it("uses only schema.org's types and properties, each on a type that allows it, with values in its range", async () => {
    const complaints = await checkAgainstVocabulary(data);
    expect(complaints).toEqual([]);
  }, 60_000);

  it('would be refused with a type, property or value schema.org does not have (the check has teeth)', async () => {
    const bad = {
      unknownType: { ...data.sale, '@type': 'Produkt' },
      propertyOfAnotherType: { ...data.sale, salary: '$13/hour' },
      nestedProperty: { ...data.event, location: { '@type': 'Place', name: 'Park', price: 3 } },
      badEnumeration: {
        ...data.sale,
        offers: { '@type': 'Offer', price: 1, availability: 'https://schema.org/Available' },
      },
    };
    const complaints = await checkAgainstVocabulary(bad);
    for (const name of Object.keys(bad)) {
      expect(
        complaints.some((c) => c.file.endsWith(`${name}.ts`)),
        `${name}: ${JSON.stringify(complaints)}`,
      ).toBe(true);
    }
  }, 60_000);
});

// ---- Google's rich results (developers.google.com/search/docs/appearance/structured-data)

// biome-ignore lint/suspicious/noExplicitAny: the documents are read field by field
const read = (doc: PostStructuredData) => doc as any;

describe('a sale: Product with an Offer', () => {
  it('has the name and an offer with price, USD and availability (Google: product snippet)', () => {
    const sale = read(data.sale);
    expect(sale['@type']).toBe('Product');
    expect(sale.name).toBe('Road bike');
    expect(sale.url).toBe(`${ORIGIN}/post/${SAMPLES.sale.id}`);
    expect(sale.image).toEqual([
      `${ORIGIN}/objects/uploads/u1/a.jpg?w=1080`,
      `${ORIGIN}/objects/uploads/u1/b.jpg?w=1080`,
    ]);
    expect(sale.offers).toEqual({
      '@type': 'Offer',
      url: sale.url,
      price: 1250.5,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Person', name: 'Emily Carter', url: `${ORIGIN}/user/${author.id}` },
    });
  });

  it('offers a free item at 0, a sold one sold out, a withdrawn one discontinued', () => {
    expect(read(data.freeSale).offers.price).toBe(0);
    expect(read(data.soldSale).offers.availability).toBe('https://schema.org/SoldOut');
    expect(read(data.withdrawnSale).offers.availability).toBe('https://schema.org/Discontinued');
  });

  it('makes no offer without a price', () => {
    expect(read(data.unpricedSale)).not.toHaveProperty('offers');
  });
});

describe('a job: JobPosting', () => {
  it('has what Google requires (title, description, datePosted, hiringOrganization, jobLocation) and more', () => {
    const job = read(data.job);
    expect(job).toMatchObject({
      '@type': 'JobPosting',
      title: 'Barista, mornings',
      description: 'Busy downtown coffee bar. #parttime',
      datePosted: SAMPLES.job.createdAt,
      validThrough: SAMPLES.job.expiresAt,
      hiringOrganization: { '@type': 'Organization', name: 'Common Grounds' },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '700 Austin Ave',
          addressLocality: 'Waco',
          addressRegion: 'TX',
          addressCountry: 'US',
        },
      },
      employmentType: ['PART_TIME'],
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', value: 13, unitText: 'HOUR' },
      },
    });
  });

  it('names the poster as the employer without a company, and ends a filled posting when it closed', () => {
    const personal = read(data.personalJob);
    expect(personal.hiringOrganization).toEqual({
      '@type': 'Person',
      name: 'Emily Carter',
      url: `${ORIGIN}/user/${author.id}`,
    });
    expect(personal.jobLocation.address).toMatchObject({ addressLocality: 'Waco', addressRegion: 'TX' });
    expect(personal.employmentType).toEqual(['FULL_TIME']);
    expect(personal.baseSalary.value).toEqual({
      '@type': 'QuantitativeValue',
      minValue: 45_000,
      maxValue: 50_000,
      unitText: 'YEAR',
    });
    const filled = read(data.filledJob);
    expect(filled.validThrough).toBe(SAMPLES.filledJob.updatedAt);
    // "$20 a walk" is no amount per unit of time.
    expect(filled).not.toHaveProperty('baseSalary');
    expect(filled).not.toHaveProperty('employmentType');
  });

  it.each([
    ['$13/hour plus tips', { value: 13, unitText: 'HOUR' }],
    ['$40/hour, about 20 hours', { value: 40, unitText: 'HOUR' }],
    ['$15-18 an hour', { minValue: 15, maxValue: 18, unitText: 'HOUR' }],
    ['$1,200 per month', { value: 1200, unitText: 'MONTH' }],
    ['3 shifts per week, $12/hr', { value: 12, unitText: 'HOUR' }],
  ])('reads the salary %s', (text, value) => {
    expect(baseSalaryOf(text)?.value).toEqual({ '@type': 'QuantitativeValue', ...value });
  });

  it.each(['$25 per lesson', '$150 per issue', 'Competitive', '20 hours a week'])(
    'leaves out the salary %s',
    (text) => {
      expect(baseSalaryOf(text)).toBeNull();
    },
  );

  it('takes the kind of employment from hashtags, the title or the salary, not from prose', () => {
    const of = (title: string, description: string, salary: string | null = null) =>
      employmentTypesOf({ title, description, salary });
    expect(of('Web developer', 'Booking site refresh. #freelance')).toEqual(['CONTRACTOR']);
    expect(of('Part-time cashier', 'Evenings.')).toEqual(['PART_TIME']);
    expect(of('Lifeguard', 'Pool.', '$14/hour, seasonal')).toEqual(['TEMPORARY']);
    expect(of('Cook', 'This is not a full-time job.')).toEqual([]);
  });
});

describe('an event: Event', () => {
  it('has what Google requires (name, startDate, location with its address) and its status and mode', () => {
    const event = read(data.event);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: 'Brazos River sunset paddle',
      startDate: '2026-12-05T00:30:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Brazos Park East',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Brazos Park East',
          addressLocality: 'Waco',
          addressRegion: 'TX',
          addressCountry: 'US',
        },
      },
      organizer: { '@type': 'Person', name: 'Emily Carter' },
      image: [`${ORIGIN}/objects/uploads/u1/river.jpg?w=1080`],
      offers: {
        '@type': 'Offer',
        price: 0,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('says a cancelled event is cancelled, and is in Waco without an address', () => {
    const event = read(data.cancelledEvent);
    expect(event.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(event.location).toEqual({
      '@type': 'Place',
      name: 'Waco, TX',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Waco',
        addressRegion: 'TX',
        addressCountry: 'US',
      },
    });
    // A poster without a name is no organizer.
    expect(event).not.toHaveProperty('organizer');
  });
});

describe('the JSON-LD script', () => {
  it("cannot be closed or commented out by a post's text, and reads back as the same data", () => {
    const html = withStructuredData('<html><head><title>x</title></head><body></body></html>', data.hostile);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const json = /<script type="application\/ld\+json">(.*)<\/script>\n {2}<\/head>/.exec(
      html,
    )?.[1] as string;
    expect(JSON.parse(json)).toEqual(data.hostile);
    expect(read(data.hostile).name).toBe('Bike </script><script>alert(1)</script><!--');
  });
});
