/** One sample of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL_G = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * Parses Prometheus text format 0.0.4 strictly: every line is a HELP, a TYPE (declared once,
 * before its samples), a sample with a number, or blank; a histogram's buckets never decrease
 * and its +Inf bucket equals its count. Throws on the first line that is not so.
 */
export function parsePrometheusText(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  text.split('\n').forEach((line, i) => {
    const fail = (why: string): never => {
      throw new Error(`line ${i + 1} (${why}): ${line}`);
    };
    if (line === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) return; // a comment
      if (!new RegExp(`^${NAME}$`).test(m[2] as string)) fail('metric name');
      if (m[1] === 'TYPE') {
        if (!TYPES.has(m[3] as string)) fail('type');
        if (types.has(m[2] as string)) fail('type declared twice');
        types.set(m[2] as string, m[3] as string);
      }
      return;
    }
    const m = SAMPLE.exec(line);
    if (!m) {
      fail('not a sample');
      return;
    }
    const value = Number(m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : m[3]);
    if (Number.isNaN(value) && m[3] !== 'NaN') fail('value');
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(LABEL_G)) labels[k as string] = v as string;
    samples.push({ name: m[1] as string, labels, value });
  });
  checkHistograms(types, samples);
  return { types, samples };
}

function checkHistograms(types: Map<string, string>, samples: Sample[]) {
  for (const [name, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
    for (const s of samples) {
      const { le, ...rest } = s.labels;
      const key = JSON.stringify(rest);
      const entry = series.get(key) ?? { buckets: [] };
      series.set(key, entry);
      if (s.name === `${name}_bucket`) entry.buckets.push([le === '+Inf' ? Infinity : Number(le), s.value]);
      if (s.name === `${name}_count`) entry.count = s.value;
    }
    for (const [key, { buckets, count }] of series) {
      if (buckets.length === 0) continue;
      for (let i = 1; i < buckets.length; i++) {
        if ((buckets[i] as [number, number])[1] < (buckets[i - 1] as [number, number])[1])
          throw new Error(`${name}${key}: buckets decrease`);
      }
      const inf = buckets.find(([le]) => le === Infinity);
      if (!inf || inf[1] !== count) throw new Error(`${name}${key}: +Inf bucket is not the count`);
    }
  }
}
