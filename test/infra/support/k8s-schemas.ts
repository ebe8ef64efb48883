import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { ROOT } from './compose';
import { unknownFields } from './known-fields';
import type { K8sObject } from './kustomize';

// Every rendered object checked as the API server would take it, unknown fields refused: the
// Kubernetes kinds against kubernetes-models' schemas and field lists, the operators' kinds
// against their CRDs' schemas (test/infra/schemas/README.md says where each comes from).

/** apiVersion and kind → the CRD schema file of the version infra/k8s is written for. */
const CRD_SCHEMAS: Record<string, string> = {
  'postgresql.cnpg.io/v1 Cluster': 'postgresql.cnpg.io-cluster-v1.30.0.json',
  'postgresql.cnpg.io/v1 ScheduledBackup': 'postgresql.cnpg.io-scheduledbackup-v1.30.0.json',
  'barmancloud.cnpg.io/v1 ObjectStore': 'barmancloud.cnpg.io-objectstore-v0.14.0.json',
  'gateway.networking.k8s.io/v1 Gateway': 'gateway.networking.k8s.io-gateway-v1.6.1.json',
  'gateway.networking.k8s.io/v1 HTTPRoute': 'gateway.networking.k8s.io-httproute-v1.6.1.json',
  'monitoring.coreos.com/v1 PodMonitor': 'monitoring.coreos.com-podmonitor-v0.93.0.json',
  'monitoring.coreos.com/v1 PrometheusRule': 'monitoring.coreos.com-prometheusrule-v0.93.0.json',
};

type Schema = Record<string, unknown>;

/**
 * The API server prunes (or, validating strictly, refuses) a field a structural schema does
 * not list, unless the schema keeps unknown fields: the same, as JSON Schema, is
 * `additionalProperties: false` wherever `properties` are listed and nothing else is allowed.
 */
function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, strict(v)])) as Schema;
  // A few CRDs write Go regular expressions JavaScript cannot compile (`(?i)` flags): those
  // patterns are left to the API server.
  if (typeof out.pattern === 'string' && !compiles(out.pattern)) delete out.pattern;
  if (
    out.properties &&
    out.additionalProperties === undefined &&
    out['x-kubernetes-preserve-unknown-fields'] !== true
  ) {
    out.additionalProperties = false;
  }
  return out;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

// A CRD's schema leaves metadata to the API server, which reads it as ObjectMeta: the fields a
// manifest may set.
const OBJECT_META: Schema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    namespace: { type: 'string' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
  },
  additionalProperties: false,
};

const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

function crdValidator(file: string): ValidateFunction {
  let validate = compiled.get(file);
  if (!validate) {
    const schema = strict(JSON.parse(readFileSync(`${ROOT}test/infra/schemas/${file}`, 'utf8'))) as Schema;
    delete schema.$comment;
    schema.properties = { ...(schema.properties as Schema), metadata: OBJECT_META };
    schema.required = ['apiVersion', 'kind', 'metadata', 'spec'];
    validate = ajv.compile(schema);
    compiled.set(file, validate);
  }
  return validate;
}

const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** Throws, naming the object and what is wrong, unless the API server would take it as it is. */
export async function validateObject(o: K8sObject): Promise<void> {
  const crd = CRD_SCHEMAS[`${o.apiVersion} ${o.kind}`];
  if (crd) {
    const validate = crdValidator(crd);
    if (!validate(o)) throw new Error(`${key(o)}: ${JSON.stringify(validate.errors)}`);
    return;
  }
  const group = o.apiVersion.includes('/') ? o.apiVersion : 'v1';
  const mod = await import(`kubernetes-models/${group}/${o.kind}`).catch(() => null);
  const Model = mod?.[o.kind];
  if (!Model) throw new Error(`${key(o)}: no schema for ${o.apiVersion} ${o.kind}`);
  try {
    new Model(o).validate();
  } catch (err) {
    throw new Error(`${key(o)}: ${(err as Error).message}`);
  }
  const unknown = unknownFields(o);
  if (unknown.length > 0) throw new Error(`${key(o)}: unknown fields ${unknown.join(', ')}`);
}
