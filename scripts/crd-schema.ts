// Writes the JSON schema of one version of a CustomResourceDefinition (its openAPIV3Schema,
// descriptions left out) for test/infra/kubernetes.test.ts, which refuses unknown fields as
// the API server prunes them. test/infra/schemas/README.md says where each CRD comes from.
//   npx tsx scripts/crd-schema.ts CRD.yaml API_VERSION SOURCE > test/infra/schemas/FILE.json
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const [file, version, source] = process.argv.slice(2);
if (!file || !version || !source) {
  console.error('usage: tsx scripts/crd-schema.ts CRD.yaml API_VERSION SOURCE');
  process.exit(2);
}
const crd = parse(readFileSync(file, 'utf8'));
const served = crd.spec.versions.find((v: { name: string }) => v.name === version);
if (!served) throw new Error(`${file} has no version ${version}`);

function withoutDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDescriptions);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'description' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDescriptions(value)]),
  );
}

const schema = {
  $comment: `${crd.spec.group}/${version} ${crd.spec.names.kind}: ${source}`,
  ...(withoutDescriptions(served.schema.openAPIV3Schema) as object),
};
process.stdout.write(`${JSON.stringify(schema)}\n`);
