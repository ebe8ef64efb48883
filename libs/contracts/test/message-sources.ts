import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Finds, in the server's sources, every sentence a person may be sent: the messages given to
// HttpError and its helpers, to RuleBroken and to translateServerMessage, zod's custom messages,
// and `message:`/`title:` texts of answers and notifications. A message is a string literal, a
// template (its `${...}` parts become holes, or the value of a constant when one is named), a
// constant, or a call of a function of these sources that returns such. Whatever the scan cannot
// read is reported as unresolved, so a new kind of message is noticed rather than skipped.

export const REPO_ROOT = join(import.meta.dirname, '../../..');
const ROOTS = ['services', 'libs/contracts/src', 'libs/platform/src'];
// Operators read these (start-up configuration, the internal metrics port), not members.
const SKIPPED = [
  /\/config\.ts$/,
  /\/web-push-settings\.ts$/,
  /\/limits\/client-address\.ts$/, // TRUST_PROXY's parsing
  /\/upstreams\/upstream-urls\.ts$/, // the <NAME>_URL variables' parsing
  /\/metrics(-server)?\.ts$/,
  // The catalogue itself.
  /\/server-messages\.ts$/,
  /\/languages\.ts$/,
  /\/test\//,
  /\/testing\//,
  /endpoints\/openapi\.ts$/,
];

/** A piece of text: literal parts, with `null` where a value is put in at run time. */
export type Pattern = (string | null)[];
export interface Found {
  file: string;
  line: number;
  source: string;
  patterns: Pattern[] | 'unresolved';
}

export function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const root of ROOTS) {
    const dir = join(REPO_ROOT, root);
    if (root === 'services') {
      for (const service of readdirSync(dir)) walk(join(dir, service, 'src'));
    } else walk(dir);
  }
  return files.map((f) => relative(REPO_ROOT, f)).filter((f) => !SKIPPED.some((re) => re.test(`/${f}`)));
}

/** The source with comments blanked out (strings kept), so offsets and lines stay as they were. */
export function withoutComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      const end = endOfString(src, i);
      out += src.slice(i, end);
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index just past the string literal or template that starts at `start`. */
function endOfString(src: string, start: number): number {
  const quote = src[start];
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '`' && c === '$' && src[i + 1] === '{') i = endOfExpression(src, i + 2, '}') + 1;
    else if (quote !== '`' && c === '\n') return i;
    else i++;
  }
  return i;
}

/** The index of the `close` (or top-level comma) that ends the expression starting at `start`. */
function endOfExpression(src: string, start: number, close: string, commas = true): number {
  let depth = 0;
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      i = endOfString(src, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return i;
      depth--;
    } else if (depth === 0 && ((commas && c === ',') || (close === ';' && c === ';'))) return i;
    i++;
  }
  return i;
}

/** The arguments of the call whose `(` is at `open`. */
function argumentsAt(src: string, open: number): string[] {
  const args: string[] = [];
  let i = open + 1;
  while (i < src.length && src[i] !== ')') {
    const end = endOfExpression(src, i, ')');
    const arg = src.slice(i, end).trim();
    if (arg) args.push(arg);
    i = src[end] === ',' ? end + 1 : end;
    if (src[end] !== ',') break;
  }
  return args;
}

interface Definitions {
  /**
   * `NAME` and `NAME.key` of constants, as their source expressions: those of the file at hand
   * (a name defined twice there is left out), then the capitalised ones of every file.
   */
  constants: Map<string, string>;
  /** Functions' returned expressions and parameter names. */
  functions: Map<string, FunctionDefinition>;
  file?: string;
  sources?: Map<string, string>;
  /** The constants a function of `file` sees. */
  constantsOf?: (file: string) => Map<string, string>;
}

interface FunctionDefinition {
  params: string[];
  returns: string[];
  file: string;
}

export function collectDefinitions(sources: Map<string, string>) {
  const shared = new Map<string, string>();
  const perFile = new Map<string, Map<string, string>>();
  const functions = new Map<string, FunctionDefinition>();
  for (const [file, src] of sources) {
    const constants = new Map<string, string>();
    const define = (name: string, value: string) => {
      const before = constants.get(name);
      // Two locals of one name (`weak` in two functions): either may be meant.
      constants.set(name, before === undefined || before === value ? value : `(${before}) || (${value})`);
      if (/^[A-Z]/.test(name)) shared.set(name, value);
    };
    for (const m of src.matchAll(/\bconst ([A-Za-z_$][\w$]*)(?:\s*:[^=]+)?\s*=\s*/g)) {
      const start = (m.index ?? 0) + m[0].length;
      const name = m[1] as string;
      if (src[start] === '{') {
        const end = endOfExpression(src, start + 1, '}', false);
        const body = src.slice(start + 1, end);
        define(name, src.slice(start, end + 1));
        for (const member of body.matchAll(/(?:^|,)\s*([A-Za-z_$][\w$]*):\s*/g)) {
          const at = (member.index ?? 0) + member[0].length;
          define(`${name}.${member[1]}`, body.slice(at, endOfExpression(body, at, '}')).trim());
        }
      } else if (src[start] === '(' || /^(async\s*)?\(/.test(src.slice(start))) {
        const open = src.indexOf('(', start);
        const close = endOfExpression(src, open + 1, ')', false);
        const arrow = src.slice(close + 1).match(/^\s*(?::[^=]*?)?=>\s*/);
        if (arrow) {
          const at = close + 1 + arrow[0].length;
          const params = paramNames(src.slice(open + 1, close));
          const returns =
            src[at] === '{' ? returnsIn(src, at) : [src.slice(at, endOfExpression(src, at, ';')).trim()];
          functions.set(name, { params, returns, file });
        }
      } else {
        define(name, src.slice(start, endOfExpression(src, start, ';')).trim());
      }
    }
    for (const m of src.matchAll(/\bfunction ([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\(/g)) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const close = endOfExpression(src, open + 1, ')', false);
      const body = src.indexOf('{', close);
      functions.set(m[1] as string, {
        params: paramNames(src.slice(open + 1, close)),
        returns: returnsIn(src, body),
        file,
      });
    }
    perFile.set(file, constants);
  }
  const constantsOf = (file: string) => new Map([...shared, ...(perFile.get(file) ?? [])]);
  return (file: string): Definitions => ({
    constants: constantsOf(file),
    functions,
    file,
    sources,
    constantsOf,
  });
}

function paramNames(list: string): string[] {
  return [...list.matchAll(/(?:^|,)\s*([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string);
}

/** The expressions `return`ed in the block that opens at `open` (nested functions included). */
function returnsIn(src: string, open: number): string[] {
  const end = endOfExpression(src, open + 1, '}', false);
  const body = src.slice(open, end);
  return [...body.matchAll(/\breturn\s+/g)].map((m) => {
    const at = (m.index ?? 0) + m[0].length;
    return body.slice(at, endOfExpression(body, at, ';')).trim();
  });
}

const MAX_PATTERNS = 24;

/** What an expression may say; `unresolved` when the scan cannot tell. */
export function resolve(expr: string, defs: Definitions, depth = 0): Pattern[] | 'unresolved' {
  const e = expr.trim().replace(/\s+as\s+const$/, '');
  if (depth > 8) return 'unresolved';
  if (/^\(.*\)$/s.test(e) && endOfExpression(e, 1, ')', false) === e.length - 1)
    return resolve(e.slice(1, -1), defs, depth + 1);
  if (/^(['"]).*\1$/s.test(e) && endOfString(e, 0) === e.length) return [[unquote(e)]];
  if (e.startsWith('`') && endOfString(e, 0) === e.length) return template(e, defs, depth);
  if (/^-?\d[\d_.]*$/.test(e)) return [[e.replaceAll('_', '')]];
  if (e === 'null' || e === 'undefined') return [];
  if (e === "''") return [['']];
  const ternary = splitTernary(e);
  if (ternary) return union([resolve(ternary[0], defs, depth + 1), resolve(ternary[1], defs, depth + 1)]);
  const fallback = alternatives(e);
  if (fallback.length > 1) return union(fallback.map((part) => resolve(part, defs, depth + 1)));
  const sum = splitTopLevel(e, /^\s\+\s/);
  if (sum.length > 1) {
    let patterns: Pattern[] = [[]];
    for (const part of sum) {
      const parts = resolve(part, defs, depth + 1);
      if (parts === 'unresolved') return 'unresolved';
      patterns = patterns.flatMap((p) => parts.map((q) => normalise([...p, ...q])));
    }
    return patterns;
  }
  const constant = defs.constants.get(e);
  if (constant !== undefined) return resolve(constant, defs, depth + 1);
  // An object's values (`{ sale: 'For Sale', ... }`), e.g. for `LABELS[category]`.
  if (e.startsWith('{') && endOfExpression(e, 1, '}', false) === e.length - 1) {
    const values = [...e.slice(1, -1).matchAll(/(?:^|,)\s*[A-Za-z_$][\w$]*:\s*/g)].map((m) => {
      const at = (m.index ?? 0) + m[0].length;
      return e
        .slice(1, -1)
        .slice(at, endOfExpression(e.slice(1, -1), at, '}'))
        .trim();
    });
    return union(values.map((v) => resolve(v, defs, depth + 1)));
  }
  const indexed = e.match(/^([A-Za-z_$][\w$]*)((?:\[[^\]]+\])+)$/);
  if (indexed && defs.constants.has(indexed[1] as string))
    return resolve(defs.constants.get(indexed[1] as string) as string, defs, depth + 1).valueOf() as
      | Pattern[]
      | 'unresolved';
  const viaParameter = parameterValues(e, defs);
  if (viaParameter) return union(viaParameter.map((v) => resolve(v, defs, depth + 1)));
  const call = e.match(/^([A-Za-z_$][\w$]*)\(/);
  if (call && endOfExpression(e, call[0].length, ')', false) === e.length - 1) {
    const fn = defs.functions.get(call[1] as string);
    if (fn && fn.returns.length > 0) {
      const args = argumentsAt(e, call[0].length - 1);
      // A parameter's value comes from the call: a literal or constant argument is put in.
      // The function's body sees its own file's constants, and its parameters as the call gives
      // them (an argument the scan can read); the others are holes.
      const local: Definitions = {
        constants: defs.constantsOf?.(fn.file) ?? new Map(defs.constants),
        functions: defs.functions,
        constantsOf: defs.constantsOf,
      };
      fn.params.forEach((p, i) => {
        local.constants.delete(p);
        const arg = args[i];
        const value = arg === undefined ? 'unresolved' : resolve(arg, defs, depth + 1);
        if (value !== 'unresolved' && value.length === 1 && !value[0]?.includes(null))
          local.constants.set(p, JSON.stringify(value[0]?.join('') ?? ''));
      });
      return union(fn.returns.map((r) => resolve(r, local, depth + 1)));
    }
  }
  return 'unresolved';
}

/** `a ?? b` and `a || b` as their parts; `[e]` otherwise. */
export function alternatives(e: string): string[] {
  return splitTopLevel(e, /^\s(\?\?|\|\|)\s/);
}

/** The arguments of every call of `fn` in the sources, read once per scan (each name is asked of often). */
const callsCache = new WeakMap<Map<string, string>, Map<string, string[][]>>();
function callsOf(fn: string, sources: Map<string, string>): string[][] {
  let calls = callsCache.get(sources);
  if (!calls) {
    calls = new Map();
    callsCache.set(sources, calls);
  }
  let found = calls.get(fn);
  if (!found) {
    found = [];
    for (const src of sources.values()) {
      for (const call of src.matchAll(new RegExp(`(?<![\\w$.])${fn}\\(`, 'g'))) {
        const before = src.slice(Math.max(0, (call.index ?? 0) - 9), call.index);
        if (/(const|function) $/.test(before)) continue;
        found.push(argumentsAt(src, (call.index ?? 0) + call[0].length - 1));
      }
    }
    calls.set(fn, found);
  }
  return found;
}

/**
 * The values a parameter of a function of the same file is given (`required` in
 * `const Name = (required: string) => ...`, or `least.message`): the arguments of its calls
 * anywhere, and its default. Null when `e` names no such parameter.
 */
function parameterValues(e: string, defs: Definitions): string[] | null {
  const m = e.match(/^([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?$/);
  if (!m || !defs.file || !defs.sources) return null;
  const [, name, member] = m;
  const own = defs.sources.get(defs.file) ?? '';
  const values: string[] = [];
  let found = false;
  for (const [fn, { params }] of defs.functions) {
    const index = params.indexOf(name as string);
    if (index < 0 || !new RegExp(`\\b(const|function) ${fn}\\b`).test(own)) continue;
    found = true;
    const definition = own.match(new RegExp(`\\b(?:const|function) ${fn}\\b[^(]*\\(`));
    if (definition) {
      const open = (definition.index ?? 0) + definition[0].length - 1;
      const param = argumentsAt(own, open)[index] ?? '';
      const fallback = param.match(/=\s*([\s\S]+)$/);
      if (fallback) values.push(fallback[1] as string);
    }
    for (const args of callsOf(fn, defs.sources)) {
      const arg = args[index];
      if (arg !== undefined) values.push(arg);
    }
  }
  if (!found || values.length === 0) return null;
  if (!member) return values;
  // `least.message`: the member of each object given.
  return values.flatMap((v) => {
    if (!v.startsWith('{')) return [];
    const body = v.slice(1, v.lastIndexOf('}'));
    const at = body.search(new RegExp(`(^|[,\\s])${member}:`));
    if (at < 0) return [];
    const start = body.indexOf(':', at) + 1;
    return [body.slice(start, endOfExpression(body, start, '}')).trim()];
  });
}

function splitTernary(e: string): [string, string] | null {
  const q = topLevelIndex(e, ' ? ');
  if (q < 0) return null;
  const colon = topLevelIndex(e.slice(q + 3), ' : ');
  if (colon < 0) return null;
  return [e.slice(q + 3, q + 3 + colon), e.slice(q + 3 + colon + 3)];
}

function splitTopLevel(e: string, token: RegExp): string[] {
  const parts: string[] = [];
  let rest = e;
  for (let at = topLevelIndex(rest, token); at >= 0; at = topLevelIndex(rest, token)) {
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + (rest.slice(at).match(token)?.[0].length ?? 1));
  }
  return [...parts, rest];
}

function topLevelIndex(e: string, token: string | RegExp): number {
  let depth = 0;
  for (let i = 0; i < e.length; i++) {
    const c = e[i];
    if (c === "'" || c === '"' || c === '`') {
      i = endOfString(e, i) - 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && (typeof token === 'string' ? e.startsWith(token, i) : token.test(e.slice(i))))
      return i;
  }
  return -1;
}

function union(results: (Pattern[] | 'unresolved')[]): Pattern[] | 'unresolved' {
  if (results.includes('unresolved')) return 'unresolved';
  return (results as Pattern[][]).flat();
}

function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
}

function template(e: string, defs: Definitions, depth: number): Pattern[] {
  let patterns: Pattern[] = [[]];
  let i = 1;
  let text = '';
  const add = (parts: Pattern[]) => {
    const next: Pattern[] = [];
    for (const p of patterns) for (const q of parts) next.push([...p, ...q]);
    patterns = next.slice(0, MAX_PATTERNS);
  };
  while (i < e.length - 1) {
    const c = e[i] as string;
    if (c === '\\') {
      text += unquote(`'${e.slice(i, i + 2)}'`);
      i += 2;
    } else if (c === '$' && e[i + 1] === '{') {
      const end = endOfExpression(e, i + 2, '}');
      add([[text]]);
      text = '';
      const inner = resolve(e.slice(i + 2, end), defs, depth + 1);
      // A part the scan cannot read is a value given at run time: a hole.
      add(inner === 'unresolved' || inner.length === 0 ? [[null]] : inner);
      i = end + 1;
    } else {
      text += c;
      i++;
    }
  }
  add([[text]]);
  return patterns.map(normalise);
}

/** Adjacent literal parts joined, empty ones dropped. */
function normalise(pattern: Pattern): Pattern {
  const out: Pattern = [];
  for (const part of pattern) {
    const last = out[out.length - 1];
    if (part === '') continue;
    if (typeof part === 'string' && typeof last === 'string') out[out.length - 1] = last + part;
    else out.push(part);
  }
  return out;
}

const HTTP_HELPERS =
  /\b(badRequest|unauthorized|forbidden|notFound|conflict|tooManyRequests|translateServerMessage)\(/g;
const NEW_ERRORS = /\bnew (HttpError|RuleBroken)\(/g;
// zod's checks whose last argument is the message (`.min(3, 'Title must be...')`).
const ZOD_CHECKS = /(?<!Math)\.(min|max|length|regex|refine|email|url|uuid|gt|gte|lt|lte|nonempty)\(/g;
const PROPERTIES = /(?:[{,]|^)\s*(message|error|title):\s*/gm;

/** Every message site of the scanned sources, with what it may say. */
export function findMessages(): Found[] {
  const sources = new Map(
    sourceFiles().map((f) => [f, withoutComments(readFileSync(join(REPO_ROOT, f), 'utf8'))] as const),
  );
  const definitionsFor = collectDefinitions(sources);
  const found: Found[] = [];
  for (const [file, src] of sources) {
    const defs = definitionsFor(file);
    const lineOf = (index: number) => src.slice(0, index).split('\n').length;
    const site = (index: number, whole: string) => {
      for (const expr of alternatives(whole)) one(index, expr);
    };
    const one = (index: number, expr: string) => {
      const patterns = resolve(expr, defs);
      if (
        patterns !== 'unresolved' &&
        patterns.every((p) => p.every((part) => part === null || !/[A-Za-z]/.test(part)))
      )
        return; // numbers, quotes around a title: nothing to translate
      found.push({ file, line: lineOf(index), source: expr, patterns });
    };
    for (const m of src.matchAll(HTTP_HELPERS)) {
      const at = (m.index ?? 0) + m[0].length - 1;
      const args = argumentsAt(src, at);
      // The definitions of the helpers themselves pass a parameter on.
      if (
        /^(export )?(const|function) $/.test(src.slice(Math.max(0, (m.index ?? 0) - 16), m.index).trimStart())
      )
        continue;
      if (args[0] && !/^message\b/.test(args[0])) site(at, args[0]);
    }
    for (const m of src.matchAll(NEW_ERRORS)) {
      const at = (m.index ?? 0) + m[0].length - 1;
      const arg = argumentsAt(src, at)[m[1] === 'HttpError' ? 1 : 0];
      if (arg && arg !== 'message') site(at, arg);
    }
    for (const m of src.matchAll(ZOD_CHECKS)) {
      const at = (m.index ?? 0) + m[0].length - 1;
      const args = argumentsAt(src, at);
      const last = args[args.length - 1];
      const first = ['email', 'url', 'uuid'].includes(m[1] as string) ? 0 : 1;
      if (last && args.length > first && !/^[{(]|=>/.test(last)) site(at, last);
    }
    for (const m of src.matchAll(PROPERTIES)) {
      const at = (m.index ?? 0) + m[0].length;
      if (m[1] === 'title' && !file.startsWith('services/notifications/')) continue;
      const expr = src.slice(at, endOfExpression(src, at, '}')).trim();
      // Types (`message: string`) and schemas (`message: z.string()`) are not texts.
      if (/^(z\.|string\b|number\b|Message\b|\(|\{|[a-z]+:)/.test(expr) || expr === '') continue;
      site(at, expr);
    }
  }
  return found;
}

/** A pattern as text, holes as `{}`. */
export const patternText = (pattern: Pattern) => pattern.map((p) => (p === null ? '{}' : p)).join('');
