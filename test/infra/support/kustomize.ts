import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** One rendered Kubernetes object. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [k: string]: unknown };
  spec?: Record<string, unknown>;
  [k: string]: unknown;
}

/** `kubectl kustomize DIR`, or null when kubectl is not installed. */
export function renderWithKubectl(dir: string): K8sObject[] | null {
  const kubectl = process.env.KUBECTL ?? 'kubectl';
  try {
    execFileSync(kubectl, ['version', '--client'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const out = execFileSync(kubectl, ['kustomize', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
]);

interface JsonPatchOp {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  labels?: Array<{ pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  replicas?: Array<{ name: string; count: number }>;
  patches?: Array<{ target?: { kind?: string; name?: string }; patch: string }>;
  [field: string]: unknown;
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'images',
  'replicas',
  'patches',
]);

/**
 * The part of kustomize that infra/k8s uses, in TypeScript, so that the manifests render on a
 * machine without kubectl (a fresh CI machine: Debian's kubectl is too old for kustomize v5).
 * Where kubectl exists, the test checks that both give the same objects. A kustomization field
 * outside this subset fails, naming it, rather than being ignored.
 */
export function renderLite(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  const k = parse(readFileSync(file, 'utf8')) as Kustomization;
  for (const field of Object.keys(k)) {
    if (!SUPPORTED.has(field)) throw new Error(`${file}: "${field}" is not supported by the test's renderer`);
  }
  let objects: K8sObject[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    if (existsSync(path) && statSync(path).isDirectory()) objects.push(...renderLite(path));
    else objects.push(...parseAllDocuments(readFileSync(path, 'utf8')).map((d) => d.toJS() as K8sObject));
  }
  objects = objects.filter(Boolean);
  for (const { target, patch } of k.patches ?? []) {
    const ops = parse(patch) as JsonPatchOp[];
    const matched = objects.filter(
      (o) => (!target?.kind || o.kind === target.kind) && (!target?.name || o.metadata.name === target.name),
    );
    if (matched.length === 0) throw new Error(`${file}: a patch matches nothing (${JSON.stringify(target)})`);
    for (const o of matched) for (const op of ops) applyOp(o, op);
  }
  if (k.namespace) {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  for (const { pairs, includeSelectors, includeTemplates } of k.labels ?? []) {
    if (includeSelectors) throw new Error(`${file}: labels with includeSelectors are not supported here`);
    for (const o of objects) {
      o.metadata.labels = { ...o.metadata.labels, ...pairs };
      const template =
        (o.spec?.template as { metadata?: { labels?: Record<string, string> } } | undefined) ?? null;
      if (
        includeTemplates &&
        template &&
        ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(o.kind)
      ) {
        template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, ...pairs } };
      }
    }
  }
  for (const { name, count } of k.replicas ?? []) {
    const found = objects.filter((o) => o.metadata.name === name && o.kind === 'Deployment');
    if (found.length === 0) throw new Error(`${file}: replicas for ${name}, which is no Deployment`);
    for (const o of found) (o.spec as { replicas: number }).replicas = count;
  }
  for (const image of k.images ?? []) {
    for (const o of objects) {
      const pod = (o.spec?.template as { spec?: { containers?: Array<{ image: string }> } } | undefined)
        ?.spec;
      for (const c of pod?.containers ?? []) {
        if (c.image === image.name || c.image.startsWith(`${image.name}:`)) {
          c.image = `${image.newName ?? image.name}:${image.newTag ?? c.image.split(':')[1] ?? 'latest'}`;
        }
      }
    }
  }
  return objects;
}

function applyOp(target: unknown, { op, path, value }: JsonPatchOp) {
  const keys = path
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop() as string;
  let node = target as Record<string, unknown>;
  for (const key of keys) {
    if (node[key] === undefined) throw new Error(`patch path ${path} does not exist`);
    node = node[key] as Record<string, unknown>;
  }
  if (op === 'remove') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else if (op === 'replace' && !(last in node)) {
    throw new Error(`patch path ${path} does not exist`);
  } else if (Array.isArray(node) && op === 'add') {
    node.splice(last === '-' ? node.length : Number(last), 0, value);
  } else {
    node[last] = structuredClone(value);
  }
}

export const k8sDir = (root: string, ...parts: string[]) => join(root, 'infra/k8s', ...parts);
