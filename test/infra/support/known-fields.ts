import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

// kubernetes-models' validators check types and required fields but let unknown ones through,
// which the API server would drop (or refuse, with --validate=strict): a misspelt field would
// pass. Its declarations (.d.ts, generated from Kubernetes' OpenAPI document) list each type's
// fields; this walks an object along them and names every field its type does not have.

type FieldType =
  | { kind: 'object'; file: string; name: string }
  | { kind: 'array'; items: FieldType }
  | { kind: 'map'; values: FieldType }
  | { kind: 'leaf' };

const require = createRequire(import.meta.url);
const modelsRoot = dirname(require.resolve('kubernetes-models/package.json'));
const cache = new Map<string, Map<string, FieldType> | null>();

/** A package's declaration file, found as Node finds the package (its exports hide them). */
function declarationOf(specifier: string, from: string): string {
  if (specifier.startsWith('.')) return resolve(dirname(from), specifier).replace(/\.js$/, '.d.ts');
  const parts = specifier.split('/');
  const pkg = parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
  const sub = parts.slice(specifier.startsWith('@') ? 2 : 1).join('/');
  for (let dir = dirname(from); dir !== dirname(dir); dir = dirname(dir)) {
    const root = resolve(dir, 'node_modules', pkg);
    if (existsSync(root)) return resolve(root, `${sub}.d.ts`);
  }
  throw new Error(`${specifier}: not found from ${from}`);
}

/** The fields of the interface `name` declared in `file`, or null when it is no interface. */
function fieldsOf(file: string, name: string): Map<string, FieldType> | null {
  const key = `${file}#${name}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  const source = readFileSync(file, 'utf8').replace(/\s*\/\*\*[\s\S]*?\*\//g, '');
  const imports = new Map<string, string>();
  for (const m of source.matchAll(/import \{ (\w+) \} from "([^"]+)";/g)) {
    imports.set(m[1] as string, declarationOf(m[2] as string, file));
  }
  // The interface a type name stands for here: imported, or declared in this file.
  const local = new Map<string, string>();
  for (const m of source.matchAll(/export type \{ (\w+) as (\w+)/g))
    local.set(m[2] as string, m[1] as string);
  const own = local.get(name) ?? name;
  const body = source.match(
    new RegExp(`export interface ${own}(?: extends [\\w, ]+)? \\{\\n([\\s\\S]*?)\\n\\}`),
  );
  if (!body) {
    cache.set(key, null);
    return null;
  }
  const fields = new Map<string, FieldType>();
  for (const m of `${body[1]}\n`.matchAll(/^ {4}"([^"]+)"\??: ([\s\S]*?);\n(?= {4}"|$)/gm)) {
    fields.set(m[1] as string, typeOf((m[2] as string).trim(), imports, file));
  }
  cache.set(key, fields);
  return fields;
}

function typeOf(text: string, imports: Map<string, string>, file: string): FieldType {
  const array = text.match(/^Array<([\s\S]+)>$/);
  if (array) return { kind: 'array', items: typeOf((array[1] as string).trim(), imports, file) };
  const map = text.match(/^\{\s*\[key: string\]: ([\s\S]+?);\s*\}$/);
  if (map) return { kind: 'map', values: typeOf((map[1] as string).trim(), imports, file) };
  const target = imports.get(text);
  if (/^I\w+$/.test(text) && target) return { kind: 'object', file: target, name: text };
  return { kind: 'leaf' };
}

function walk(value: unknown, type: FieldType, path: string, unknown: string[]) {
  if (value === null || typeof value !== 'object') return;
  if (type.kind === 'array') {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, type.items, `${path}[${i}]`, unknown);
    }
  } else if (type.kind === 'map') {
    for (const [k, v] of Object.entries(value)) walk(v, type.values, `${path}.${k}`, unknown);
  } else if (type.kind === 'object') {
    const fields = fieldsOf(type.file, type.name);
    if (!fields) return;
    for (const [k, v] of Object.entries(value)) {
      const field = fields.get(k);
      if (!field) unknown.push(`${path}.${k}`);
      else walk(v, field, `${path}.${k}`, unknown);
    }
  }
}

/** The paths of an object's fields that its Kubernetes type (kubernetes-models/<group>/<Kind>) lacks. */
export function unknownFields(o: { apiVersion: string; kind: string }): string[] {
  const group = o.apiVersion.includes('/') ? o.apiVersion : 'v1';
  const file = resolve(modelsRoot, group, `${o.kind}.d.ts`);
  const unknown: string[] = [];
  walk(o, { kind: 'object', file, name: `I${o.kind}` }, '', unknown);
  return unknown.map((p) => p.slice(1));
}
