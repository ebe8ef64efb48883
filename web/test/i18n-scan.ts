import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAst } from 'vite';

// Reads web/src the way the translation tests need it: the ids passed to t(), and the texts in
// JSX that do not go through it. A real parser (Vite's), not patterns over the text.

export const SRC = join(import.meta.dirname, '../src');

export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
  } else if (node && typeof node === 'object') {
    if (typeof (node as Node).type === 'string') visit(node as Node);
    for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
  }
}

export const parse = (path: string) =>
  parseAst(readFileSync(path, 'utf8'), { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' }, path);

/** A literal string's value (a template without expressions counts), else null. */
function stringOf(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    return ((node.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? null) as string | null;
  }
  return null;
}

export interface MessageUse {
  id: string;
  file: string;
}

/** Every `t('…')` in the sources, and the calls whose id is not a literal (to be listed). */
export function messageUses(): { uses: MessageUse[]; dynamic: string[] } {
  const uses: MessageUse[] = [];
  const dynamic: string[] = [];
  for (const path of sourceFiles()) {
    const file = relative(SRC, path);
    walk(parse(path), (node) => {
      if (node.type !== 'CallExpression') return;
      const callee = node.callee as Node & { name?: string };
      if (callee.type !== 'Identifier' || (callee.name !== 't' && callee.name !== 'msg')) return;
      const id = stringOf((node.arguments as Node[])[0]);
      if (id === null) dynamic.push(`${file}:${node.start}`);
      else uses.push({ id, file });
    });
  }
  return { uses, dynamic };
}

/** Props whose text a person sees or hears. */
export const USER_FACING_PROPS = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label']);

const hasLetters = (text: string) => /\p{L}/u.test(text);

export interface LiteralText {
  file: string;
  text: string;
  start: number;
  end: number;
  kind: 'text' | 'prop';
}

/** JSX text children and user-facing props written as literals with letters, in one file. */
export function literalTexts(path: string): LiteralText[] {
  const found: LiteralText[] = [];
  const file = relative(SRC, path);
  walk(parse(path), (node) => {
    if (node.type === 'JSXText') {
      const text = String(node.value).replace(/\s+/g, ' ').trim();
      if (hasLetters(text)) found.push({ file, text, start: node.start, end: node.end, kind: 'text' });
    } else if (node.type === 'JSXAttribute') {
      const name = (node.name as { name?: unknown }).name;
      const value = node.value as Node | null;
      const text = value && value.type === 'Literal' ? stringOf(value) : null;
      if (typeof name === 'string' && USER_FACING_PROPS.has(name) && text && hasLetters(text)) {
        found.push({ file, text, start: value?.start ?? 0, end: value?.end ?? 0, kind: 'prop' });
      }
    }
  });
  return found;
}

/** An ICU message's placeholders' names, sorted: "{count, plural, …} {name}" → count, name. */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*([\p{L}\w]+)\s*(?=[,}])/gu)) names.add(match[1] as string);
  return [...names].sort();
}
