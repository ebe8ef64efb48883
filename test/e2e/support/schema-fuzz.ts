// Malformed requests generated from an OpenAPI operation's JSON schemas, deterministically from a
// seed: the same seed sends the same requests, another seed other ones. Written by hand (a small
// PRNG and a walk over the few JSON Schema keywords the endpoint table produces) rather than with
// a property-testing library: what is sent must be a readable list of named cases.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `/api/posts/{id}`. */
  path: string;
  signedIn: boolean;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** Every operation of an OpenAPI document, in its order. */
export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      signedIn: Array.isArray(op.security),
      parameters: (op.parameters as Parameter[] | undefined) ?? [],
      body: (op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content[
        'application/json'
      ]?.schema,
    })),
  );
}

/** A seeded pseudo-random source (mulberry32): small, fast, the same sequence for the same seed. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)] as T;
    },
    /** `count` items of the list, in the list's order. */
    some<T>(list: readonly T[], count: number): T[] {
      if (list.length <= count) return [...list];
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(Math.floor(next() * list.length));
      return list.filter((_, i) => chosen.has(i));
    },
  };
}
export type Random = ReturnType<typeof seeded>;

/** Real ids for fields that name something, so a valid-looking request reaches deeper. */
export type KnownIds = Record<string, string>;

const isNullable = (schema: JsonSchema) =>
  schema.anyOf?.some((s) => s.type === 'null') ||
  (Array.isArray(schema.type) && schema.type.includes('null'));

/** The schema without its `null` alternative. */
function concrete(schema: JsonSchema): JsonSchema {
  if (schema.anyOf) return concrete(schema.anyOf.find((s) => s.type !== 'null') ?? {});
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((t) => t !== 'null') };
  return schema;
}

const kindOf = (schema: JsonSchema) => {
  const s = concrete(schema);
  if (s.enum) return 'enum';
  return (s.type as string | undefined) ?? (s.properties ? 'object' : 'any');
};

/** A value the schema accepts (or close to it: patterns are met for the ones the table uses). */
export function validValue(schema: JsonSchema, random: Random, name = '', ids: KnownIds = {}): unknown {
  const s = concrete(schema);
  if (s.enum) return random.pick(s.enum);
  switch (kindOf(s)) {
    case 'string': {
      if (ids[name] && (s.format === 'uuid' || s.maxLength === undefined || s.maxLength >= 36))
        return ids[name];
      if (s.format === 'uuid') return '0190f5a2-7c1e-7b3a-9c4d-2e8f6a1b3c5d';
      if (s.format === 'uri') return `https://push.example.com/send/${random.int(1e6)}`;
      if (s.pattern?.includes('objects')) return `/objects/uploads/fuzz/${random.int(1e6)}.jpg`;
      if (s.pattern?.includes('A-Za-z0-9_-')) return 'BNcRdreALRFXTkOOUHK1EtK2w';
      if (s.pattern?.includes('\\d{1,8}')) return String(random.int(500));
      if (name.toLowerCase().includes('email')) return `fuzz${random.int(1e9)}@example.com`;
      if (name.toLowerCase().includes('date')) return '2030-06-01T18:00:00.000Z';
      const word = `Fuzz ${random.pick(['chair', 'garden', 'bike', 'lamp'])} ${random.int(1e6)}`;
      return word.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? word.length);
    }
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const high = Math.min(s.maximum ?? low + 100, low + 100);
      return low + random.int(high - low + 1);
    }
    case 'boolean':
      return random.next() < 0.5;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () =>
        validValue(s.items ?? {}, random, name, ids),
      );
    case 'object': {
      const required = new Set(s.required ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(s.properties ?? {})) {
        if (required.has(key) || random.next() < 0.5) out[key] = validValue(field, random, key, ids);
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}

/** `depth` objects inside each other. */
export const deeplyNested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/** Hostile values for one field: [what it is, the value]. */
export function hostileValues(schema: JsonSchema): [string, unknown][] {
  const s = concrete(schema);
  const kind = kindOf(s);
  const list: [string, unknown][] = [
    ['an array of it', [s.enum?.[0] ?? 'x']],
    ['an object', { $gt: '' }],
    ['nested 1,000 deep', deeplyNested(1_000)],
  ];
  if (!isNullable(schema)) list.push(['null', null]);
  if (kind !== 'string' && kind !== 'enum') list.push(['a string', 'fuzz'], ['an empty string', '']);
  if (kind !== 'integer' && kind !== 'number') list.push(['a number', 12345], ['a negative float', -1.5]);
  if (kind !== 'boolean') list.push(['true', true]);
  if (kind === 'string' || kind === 'enum') {
    const max = s.maxLength ?? 1_000;
    list.push(
      ['one character over its limit', 'x'.repeat(max + 1)],
      ['a 200k-character string', 'y'.repeat(200_000)],
      ['with NUL', 'a\u0000b'],
      ['a lone surrogate', 'a\ud800b'],
      ['a reversed lone surrogate', '\udc00\ud800'],
      ['bidi controls', 'abc\u202e\u2066txt.exe\u2069'],
      ['zero-width characters', 'a\u200b\u200d\ufeffb'],
      ['only whitespace', ' \t\n '],
      ['an empty string', ''],
      ['path traversal', '../../../etc/passwd'],
      ['percent-encoded garbage', '%ff%fe%00%zz'],
      ['SQL', "' OR 1=1; DROP TABLE users; --"],
      ['a 4-byte emoji run', '\u{1F600}'.repeat(300)],
      ['a not-a-uuid', 'not-a-uuid'],
      ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
      ['the max UUID', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
    );
    if (s.enum) list.push(['an enum value in capitals', String(s.enum[0]).toUpperCase()]);
  }
  if (kind === 'integer' || kind === 'number') {
    list.push(
      ['a numeric string', '12'],
      ['below its minimum', (s.minimum ?? 0) - 1],
      ['above its maximum', (s.maximum ?? 1e6) + 1],
      ['a huge number', 1e308],
      ['an unsafe integer', 2 ** 64],
      ['a fraction', 1.5],
    );
  }
  if (kind === 'array') {
    list.push(
      ['10,000 items', Array.from({ length: 10_000 }, () => 'x')],
      ['items of the wrong type', [1, null, {}, []]],
      ['nested arrays', [[[['x']]]]],
    );
  }
  if (kind === 'object') {
    list.push(
      ['with __proto__', JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}')],
      ['with 5,000 keys', Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))],
    );
  }
  return list;
}

/** Path parameter values that are not what the route takes (already in URL form). */
export const HOSTILE_PATH_VALUES: [string, string][] = [
  ['not an id', 'not-an-id'],
  ['zero', '0'],
  ['negative', '-1'],
  ['a fraction', '1.5'],
  ['a huge number', '99999999999999999999999'],
  ['10k characters', 'x'.repeat(10_000)],
  ['percent-encoded garbage', '%ff%fe%fd'],
  ['a malformed escape', '%E0%A4%A'],
  ['a lone percent', '%'],
  ['an encoded NUL', 'a%00b'],
  ['an encoded lone surrogate', '%ED%A0%80'],
  ['..', '..'],
  ['encoded ..', '%2e%2e'],
  ['traversal', '..%2F..%2Finternal%2Fsessions'],
  ['an encoded slash', 'a%2Fb'],
  ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['the max UUID', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ['a UUID in capitals', '0190F5A2-7C1E-7B3A-9C4D-2E8F6A1B3C5D'],
  ['bidi controls', encodeURIComponent('a\u202eb')],
  ['SQL', encodeURIComponent("' OR 1=1--")],
];

/** Query values that are not what a parameter takes (already in URL form). */
export function hostileQueryValues(schema: JsonSchema): [string, string][] {
  const kind = kindOf(schema);
  const list: [string, string][] = [
    ['empty', ''],
    ['10k characters', 'x'.repeat(10_000)],
    ['an encoded NUL', 'a%00b'],
    ['a malformed escape', '%E0%A4%A'],
    ['an encoded lone surrogate', '%ED%A0%80'],
    ['bidi controls', encodeURIComponent('a\u202eb')],
  ];
  if (kind === 'integer' || kind === 'number') {
    list.push(
      ['a word', 'abc'],
      ['a fraction', '1.5'],
      ['negative', '-1'],
      ['huge', '1e400'],
      ['an unsafe integer', '99999999999999999999'],
      ['hexadecimal', '0x10'],
      ['NaN', 'NaN'],
      ['Infinity', 'Infinity'],
    );
  } else {
    list.push(['a number', '12345'], ['not an id', 'not-a-uuid'], ['traversal', '..%2F..%2Finternal']);
  }
  return list;
}
