import { readFileSync } from 'node:fs';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import { gatewayConfigSchema, upstreamUrlVariable } from '@waco/gateway';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './support/compose';
import { type K8sObject, k8sDir, renderLite, renderWithKubectl } from './support/kustomize';

// infra/k8s as `kubectl apply -k infra/k8s/overlays/<size>` would send it, checked without a
// cluster: every object against the Kubernetes API schemas (kubernetes-models) or, for
// CloudNativePG's Cluster, against the operator's CRD schema; then what operations rely on.

// Rendered YAML is untyped; the schemas above check its shape, these tests read fields from it.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Loose = any;

// The one list of services (libs/contracts/src/endpoints/endpoint-route.ts): a service added
// there fails these tests until infra/k8s/base runs it.
const BACKENDS = SERVICE_NAMES;
const SERVICES = ['gateway', ...BACKENDS];
const AUTOSCALED = ['gateway', 'messaging', 'notifications'];
const OVERLAYS = ['small', 'large'];

const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
const sorted = (objects: K8sObject[]) => [...objects].sort((a, b) => key(a).localeCompare(key(b)));

const cnpgSchema = JSON.parse(readFileSync(`${ROOT}test/infra/schemas/cnpg-cluster-v1.30.0.json`, 'utf8'));
const validateCluster = new Ajv({ strict: false, validateFormats: false, allErrors: true }).compile(
  cnpgSchema,
);

/** Validates one object against its API schema; a kind with no schema here fails. */
async function validate(o: K8sObject) {
  if (o.apiVersion === 'postgresql.cnpg.io/v1' && o.kind === 'Cluster') {
    if (!validateCluster(o)) throw new Error(`${key(o)}: ${JSON.stringify(validateCluster.errors)}`);
    return;
  }
  const group = o.apiVersion.includes('/') ? o.apiVersion : `v1`;
  const mod = await import(`kubernetes-models/${group}/${o.kind}`).catch(() => null);
  const Model = mod?.[o.kind];
  if (!Model) throw new Error(`${key(o)}: no schema for ${o.apiVersion} ${o.kind}`);
  try {
    new Model(o).validate();
  } catch (err) {
    throw new Error(`${key(o)}: ${(err as Error).message}`);
  }
}

const rendered = Object.fromEntries(OVERLAYS.map((o) => [o, renderLite(k8sDir(ROOT, 'overlays', o))]));
const kubectlFound = renderWithKubectl(k8sDir(ROOT, 'overlays', 'small')) !== null;

/** A Deployment's container variables given by value (those from Secrets left out). */
function envOf(deployment: { spec: Record<string, Loose> }): Record<string, string> {
  const env: Array<{ name: string; value?: string }> = deployment.spec.template.spec.containers[0].env ?? [];
  return Object.fromEntries(env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value as string]));
}

function find(objects: K8sObject[], kind: string, name: string) {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind} ${name}`);
  return o as K8sObject & { spec: Record<string, Loose> };
}

describe.each(OVERLAYS)('infra/k8s/overlays/%s', (overlay) => {
  const objects = rendered[overlay] as K8sObject[];

  it.runIf(kubectlFound)('renders the same objects with kubectl kustomize as with the test renderer', () => {
    const byKubectl = renderWithKubectl(k8sDir(ROOT, 'overlays', overlay)) as K8sObject[];
    expect(sorted(byKubectl)).toEqual(sorted(objects));
  });

  it('validates every object against the Kubernetes API schemas (CRDs against their own)', async () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const o of objects) await validate(o);
  });

  it('has a Deployment and a Service per service, the Service selecting its pods', () => {
    for (const name of SERVICES) {
      const deployment = find(objects, 'Deployment', name);
      const service = find(objects, 'Service', name);
      const podLabels = deployment.spec.template.metadata.labels;
      expect(deployment.spec.selector.matchLabels).toEqual(
        expect.objectContaining(service.spec.selector as Record<string, string>),
      );
      for (const [k, v] of Object.entries(service.spec.selector)) expect(podLabels[k]).toBe(v);
      expect(deployment.metadata.namespace).toBe('waco');
    }
  });

  it('runs every service of SERVICE_NAMES as a backend, and the gateway reaches each at its <NAME>_URL', () => {
    const gatewayEnv = envOf(find(objects, 'Deployment', 'gateway'));
    for (const name of BACKENDS) {
      const deployment = find(objects, 'Deployment', name);
      // The network policies let backends (and only them) reach identity and the database.
      expect(deployment.spec.template.metadata.labels['app.kubernetes.io/component'], name).toBe('backend');
      const http = deployment.spec.template.spec.containers[0].ports.find((p: Loose) => p.name === 'http');
      expect(envOf(deployment).PORT, `${name}'s PORT`).toBe(String(http?.containerPort));
      const port = find(objects, 'Service', name).spec.ports.find(
        (p: Loose) => p.targetPort === 'http',
      )?.port;
      expect(gatewayEnv[upstreamUrlVariable(name)], `the gateway's ${upstreamUrlVariable(name)}`).toBe(
        `http://${name}:${port}`,
      );
    }
    // The gateway's own schema reads its environment (the ConfigMap, then its env) as it will.
    const config = find(objects, 'ConfigMap', 'waco-config') as unknown as { data: Record<string, string> };
    const parsed = gatewayConfigSchema.safeParse({ ...config.data, ...gatewayEnv });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('probes /readyz and /healthz, limits resources, and drains before it is killed', () => {
    for (const name of SERVICES) {
      const pod = find(objects, 'Deployment', name).spec.template.spec;
      const [c] = pod.containers;
      expect(c.command).toEqual(['node', `services/${name}/dist/main.js`]);
      expect(c.image).toMatch(/:[0-9][\w.-]*$/);
      expect(c.readinessProbe.httpGet.path).toBe('/readyz');
      expect(c.livenessProbe.httpGet.path).toBe('/healthz');
      expect(c.resources.requests.cpu && c.resources.requests.memory).toBeTruthy();
      expect(c.resources.limits.cpu && c.resources.limits.memory).toBeTruthy();
      const pause = c.lifecycle.preStop.sleep.seconds as number;
      // The platform's drain: up to 10 s for in-flight bus handlers, then HTTP and the database.
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + 10);
      expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
    }
  });

  it('autoscales gateway, messaging and notifications, and keeps every service up through a drain', () => {
    for (const name of AUTOSCALED) {
      const hpa = find(objects, 'HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    }
    for (const name of SERVICES) {
      const pdb = find(objects, 'PodDisruptionBudget', name);
      expect(pdb.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
      const replicas = AUTOSCALED.includes(name)
        ? find(objects, 'HorizontalPodAutoscaler', name).spec.minReplicas
        : find(objects, 'Deployment', name).spec.replicas;
      expect(replicas, name).toBeGreaterThanOrEqual(2);
    }
  });

  it('lets only the ingress controller reach the gateway and only the gateway reach the services', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as Array<K8sObject & { spec: Loose }>;
    const selects = (p: { spec: Loose }, labels: Record<string, string>) =>
      Object.entries(p.spec.podSelector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
    for (const name of SERVICES) {
      const labels = find(objects, 'Deployment', name).spec.template.metadata.labels;
      const applying = policies.filter((p) => selects(p, labels));
      // A default deny covers every pod, for ingress and egress alike.
      expect(applying.some((p) => p.spec.policyTypes.includes('Ingress') && !p.spec.ingress)).toBe(true);
      expect(applying.some((p) => p.spec.policyTypes.includes('Egress') && !p.spec.egress)).toBe(true);
      const sources = applying.flatMap((p) => (p.spec.ingress ?? []).flatMap((r: Loose) => r.from ?? []));
      if (name === 'gateway') {
        expect(sources).toEqual([
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } },
        ]);
      } else if (name === 'identity') {
        // The gateway, and the backends asking for personal-data keys.
        expect(sources).toEqual([
          { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
          { podSelector: { matchLabels: { 'app.kubernetes.io/component': 'backend' } } },
        ]);
      } else {
        expect(sources).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }]);
      }
      const egressPorts = applying.flatMap((p) =>
        (p.spec.egress ?? []).flatMap((r: Loose) => (r.ports ?? []).map((x: Loose) => x.port)),
      );
      expect(egressPorts).toEqual(expect.arrayContaining([53, 4222]));
      if (name !== 'gateway') expect(egressPorts).toEqual(expect.arrayContaining([5432, 4001]));
      if (name === 'media') expect(egressPorts).toContain(443);
      if (name === 'identity') expect(egressPorts).toEqual(expect.arrayContaining([465, 587]));
    }
  });

  it('serves the gateway over TLS through the Ingress', () => {
    const ingress = find(objects, 'Ingress', 'waco');
    const host = ingress.spec.rules[0].host;
    expect(ingress.spec.tls[0].hosts).toContain(host);
    expect(ingress.spec.tls[0].secretName).toBeTruthy();
    expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    const config = find(objects, 'ConfigMap', 'waco-config') as unknown as { data: Record<string, string> };
    expect(config.data.APP_ORIGIN).toBe(`https://${host}`);
  });

  it('keeps secrets out of the manifests: services read them from Secrets created at install', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const name of BACKENDS) {
      const env = find(objects, 'Deployment', name).spec.template.spec.containers[0].env;
      const url = env.find((e: Loose) => e.name === 'DATABASE_URL');
      expect(url.valueFrom.secretKeyRef).toEqual({ name: 'waco-database-urls', key: name });
    }
    const example = readFileSync(k8sDir(ROOT, 'secrets.example.env'), 'utf8');
    for (const name of BACKENDS) expect(example).toMatch(new RegExp(`^${name}=postgres://${name}:`, 'm'));
  });

  it('runs Postgres on CloudNativePG with a role and a schema per service, and replicated NATS streams', () => {
    const cluster = find(objects, 'Cluster', 'waco-db');
    expect(cluster.spec.instances).toBeGreaterThanOrEqual(2);
    const roles = cluster.spec.managed.roles.map((r: Loose) => r.name);
    expect(roles).toEqual(BACKENDS);
    const sql = cluster.spec.bootstrap.initdb.postInitApplicationSQL.join('\n');
    for (const name of BACKENDS) expect(sql).toContain(`CREATE SCHEMA ${name} AUTHORIZATION ${name}`);
    const config = find(objects, 'ConfigMap', 'waco-config') as unknown as { data: Record<string, string> };
    expect(Number(config.data.NATS_STREAM_REPLICAS)).toBe(natsValues.config.cluster.replicas);
  });
});

const natsValues = parse(readFileSync(k8sDir(ROOT, 'nats-values.yaml'), 'utf8'));

describe('infra/k8s/nats-values.yaml', () => {
  it('uses only settings the NATS chart has, for a 3-node JetStream cluster', () => {
    const chart = parse(readFileSync(`${ROOT}test/infra/schemas/nats-chart-2.14.2-values.yaml`, 'utf8'));
    // Under these, the chart takes free-form maps (Kubernetes objects, env, spread constraints).
    const freeForm = new Set(['resources', 'env', 'topologySpreadConstraints', 'merge']);
    const check = (ours: Record<string, unknown>, theirs: Record<string, unknown>, path: string) => {
      for (const [k, v] of Object.entries(ours)) {
        expect(theirs, `${path}${k} is not a setting of the chart`).toHaveProperty([k]);
        if (freeForm.has(k)) continue;
        if (v && typeof v === 'object' && !Array.isArray(v)) {
          check(v as Record<string, unknown>, (theirs[k] ?? {}) as Record<string, unknown>, `${path}${k}.`);
        }
      }
    };
    check(natsValues, chart, '');
    expect(natsValues.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(natsValues.config.jetstream.enabled).toBe(true);
    expect(natsValues.container.image.tag).toMatch(/^\d+\.\d+\.\d+/);
  });
});
