import { readFileSync } from 'node:fs';
import { APP_VERSION } from '@waco/contracts';
import { SERVICE_NAMES } from '@waco/contracts/routes';
import { gatewayConfigSchema, upstreamUrlVariable } from '@waco/gateway';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './support/compose';
import { validateObject as validate } from './support/k8s-schemas';
import { type K8sObject, k8sDir, renderLite, renderWithKubectl } from './support/kustomize';

// infra/k8s as `kubectl apply -k infra/k8s/overlays/<size>` would send it, checked without a
// cluster: every object against the Kubernetes API schemas (kubernetes-models) or, for the
// operators' kinds (CloudNativePG, the Barman Cloud plugin, the Gateway API, the Prometheus
// operator), against their CRDs' schemas, unknown fields refused; then what operations rely on.

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

  it.each([
    ['Deployment', 'posts'],
    ['NetworkPolicy', 'waco-default-deny'],
    ['Cluster', 'waco-db'],
    ['Gateway', 'waco'],
    ['HTTPRoute', 'waco'],
    ['ObjectStore', 'waco-backups'],
    ['ScheduledBackup', 'waco-db-daily'],
    ['PodMonitor', 'waco-backends'],
    ['PrometheusRule', 'waco-alerts'],
  ])('refuses an unknown field (a typo) in the %s %s', async (kind, name) => {
    const o = structuredClone(find(objects, kind, name));
    await validate(o);
    o.spec.bogusField = true;
    await expect(validate(o)).rejects.toThrow(/bogusField/);
  });

  it('refuses an unknown field deep in a pod template', async () => {
    const o = structuredClone(find(objects, 'Deployment', 'gateway'));
    o.spec.template.spec.containers[0].readinessProbe.httpGet.pathh = '/readyz';
    await expect(validate(o)).rejects.toThrow(/readinessProbe\.httpGet\.pathh/);
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
      // The release, from the registry the overlay names.
      expect(c.image).toBe(`registry.example.org/waco-commons:${APP_VERSION}`);
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
      // The autoscaler owns the count: a replica count in the manifest would reset it at each apply.
      expect(find(objects, 'Deployment', name).spec, name).not.toHaveProperty('replicas');
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

  it('lets only the Gateway API proxies reach the gateway, the gateway the services, and monitoring the metrics', () => {
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
      const monitoring = {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
      };
      if (name === 'gateway') {
        expect(sources).toEqual([
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' } } },
          monitoring,
        ]);
        // Monitoring reaches the metrics listener, not the public port.
        const rules = applying.flatMap((p) => p.spec.ingress ?? []);
        const fromMonitoring = rules.filter(
          (r: Loose) => JSON.stringify(r.from) === JSON.stringify([monitoring]),
        );
        expect(fromMonitoring.flatMap((r: Loose) => r.ports.map((x: Loose) => x.port))).toEqual(['metrics']);
      } else if (name === 'identity') {
        // The gateway, and the backends asking for personal-data keys.
        expect(sources).toEqual([
          { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
          { podSelector: { matchLabels: { 'app.kubernetes.io/component': 'backend' } } },
          monitoring,
        ]);
      } else {
        expect(sources).toEqual([
          { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } },
          monitoring,
        ]);
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

  it('serves the gateway over TLS through the Gateway API, plain http only redirected', () => {
    expect(objects.filter((o) => o.kind === 'Ingress')).toEqual([]);
    const gateway = find(objects, 'Gateway', 'waco');
    const https = gateway.spec.listeners.find((l: Loose) => l.name === 'https');
    const http = gateway.spec.listeners.find((l: Loose) => l.name === 'http');
    expect(https).toMatchObject({ protocol: 'HTTPS', port: 443, tls: { mode: 'Terminate' } });
    expect(https.tls.certificateRefs[0].name).toBeTruthy();
    const host = https.hostname;
    expect(http).toMatchObject({ protocol: 'HTTP', port: 80, hostname: host });
    const route = find(objects, 'HTTPRoute', 'waco');
    expect(route.spec.parentRefs).toEqual([{ name: 'waco', sectionName: 'https' }]);
    expect(route.spec.hostnames).toEqual([host]);
    const gatewayPort = find(objects, 'Service', 'gateway').spec.ports.find(
      (p: Loose) => p.name === 'http',
    ).port;
    expect(route.spec.rules[0].backendRefs).toEqual([{ name: 'gateway', port: gatewayPort }]);
    // Live streams stay open: no request timeout at the proxy.
    expect(route.spec.rules[0].timeouts.request).toBe('0s');
    const redirect = find(objects, 'HTTPRoute', 'waco-redirect-to-https');
    expect(redirect.spec.parentRefs).toEqual([{ name: 'waco', sectionName: 'http' }]);
    expect(redirect.spec.hostnames).toEqual([host]);
    expect(redirect.spec.rules[0].filters[0].requestRedirect.scheme).toBe('https');
    const config = find(objects, 'ConfigMap', 'waco-config') as unknown as { data: Record<string, string> };
    expect(config.data.APP_ORIGIN).toBe(`https://${host}`);
    // The object store and the mails are on the overlay's domain too, not the base's example.
    const domain = host.split('.').slice(1).join('.');
    for (const name of ['STORAGE_ORIGIN', 'S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'MAIL_FROM']) {
      expect(config.data[name], name).toContain(domain);
    }
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

describe.each(OVERLAYS)('infra/k8s/overlays/%s: backups and metrics', (overlay) => {
  const objects = rendered[overlay] as K8sObject[];

  it('archives WAL and takes nightly base backups with the Barman Cloud plugin, 7 days kept', () => {
    const cluster = find(objects, 'Cluster', 'waco-db');
    // The plugin brings its own sidecar: the minimal image, without the in-tree Barman Cloud.
    expect(cluster.spec.imageName).toMatch(/^ghcr\.io\/cloudnative-pg\/postgresql:\d+\.\d+-minimal-trixie$/);
    expect(cluster.spec).not.toHaveProperty('backup');
    expect(cluster.spec.plugins).toEqual([
      {
        name: 'barman-cloud.cloudnative-pg.io',
        isWALArchiver: true,
        parameters: { barmanObjectName: 'waco-backups' },
      },
    ]);
    const store = find(objects, 'ObjectStore', 'waco-backups');
    expect(store.spec.retentionPolicy).toBe('7d');
    expect(store.spec.configuration.destinationPath).toMatch(/^s3:\/\//);
    expect(store.spec.configuration.s3Credentials.accessKeyId.name).toBe('waco-backup-s3');
    const scheduled = find(objects, 'ScheduledBackup', 'waco-db-daily');
    expect(scheduled.spec).toMatchObject({
      cluster: { name: 'waco-db' },
      method: 'plugin',
      pluginConfiguration: { name: 'barman-cloud.cloudnative-pg.io' },
    });
    // CloudNativePG's cron has six fields, seconds first: once a day.
    expect(scheduled.spec.schedule.split(' ')).toHaveLength(6);
  });

  it('exposes every process to Prometheus: the gateway on its metrics listener, backends and Postgres', () => {
    const gateway = find(objects, 'Deployment', 'gateway').spec.template.spec.containers[0];
    const env = envOf(find(objects, 'Deployment', 'gateway'));
    const metricsPort = gateway.ports.find((p: Loose) => p.name === 'metrics').containerPort;
    expect(env.METRICS_HOST).toBe('0.0.0.0');
    expect(env.METRICS_PORT).toBe(String(metricsPort));
    const monitors = objects.filter((o) => o.kind === 'PodMonitor') as Array<K8sObject & { spec: Loose }>;
    const endpoint = (name: string) => find(objects, 'PodMonitor', name).spec.podMetricsEndpoints[0];
    expect(find(objects, 'PodMonitor', 'waco-gateway').spec.selector.matchLabels).toEqual({
      'app.kubernetes.io/name': 'gateway',
    });
    expect(endpoint('waco-gateway')).toMatchObject({ port: 'metrics', path: '/metrics' });
    expect(find(objects, 'PodMonitor', 'waco-backends').spec.selector.matchLabels).toEqual({
      'app.kubernetes.io/component': 'backend',
    });
    expect(endpoint('waco-backends')).toMatchObject({ port: 'http', path: '/metrics' });
    expect(find(objects, 'PodMonitor', 'waco-db').spec.selector.matchLabels).toEqual({
      'cnpg.io/cluster': 'waco-db',
    });
    expect(monitors).toHaveLength(3);
    // Postgres's exporter (9187) admits the monitoring namespace.
    const dbPolicy = find(objects, 'NetworkPolicy', 'waco-db-from-services');
    expect(dbPolicy.spec.ingress).toContainEqual({
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
      ports: [{ port: 9187, protocol: 'TCP' }],
    });
  });
});

describe('infra/k8s/postgres-recovery', () => {
  const objects = renderLite(k8sDir(ROOT, 'postgres-recovery'));

  it('renders the cluster restored to a point in time from the ObjectStore, valid for CloudNativePG', async () => {
    for (const o of objects) await validate(o);
    const cluster = find(objects, 'Cluster', 'waco-db');
    expect(cluster.spec.bootstrap).not.toHaveProperty('initdb');
    const { recovery } = cluster.spec.bootstrap;
    expect(Number.isNaN(Date.parse(recovery.recoveryTarget.targetTime))).toBe(false);
    const source = cluster.spec.externalClusters.find((c: Loose) => c.name === recovery.source);
    expect(source.plugin).toEqual({
      name: 'barman-cloud.cloudnative-pg.io',
      parameters: { barmanObjectName: 'waco-backups', serverName: 'waco-db' },
    });
    // It archives anew under another name than the backups it came from.
    expect(cluster.spec.plugins[0]).toMatchObject({ isWALArchiver: true });
    expect(cluster.spec.plugins[0].parameters.serverName).not.toBe('waco-db');
    // Everything else is the cluster of infra/k8s/postgres: roles, sizes, backups.
    const original = find(renderLite(k8sDir(ROOT, 'postgres')), 'Cluster', 'waco-db');
    expect(cluster.spec.managed).toEqual(original.spec.managed);
    expect(cluster.spec.imageName).toBe(original.spec.imageName);
    expect(objects.map((o) => o.kind).sort()).toEqual([
      'Cluster',
      'NetworkPolicy',
      'ObjectStore',
      'ScheduledBackup',
    ]);
  });
});

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
    // Prometheus reads the servers and JetStream through the chart's exporter and its PodMonitor.
    expect(natsValues.promExporter).toEqual({ enabled: true, podMonitor: { enabled: true } });
    expect(natsValues.config.monitor.enabled).toBe(true);
    expect(natsValues.container.image.tag).toMatch(/^\d+\.\d+\.\d+/);
  });
});
