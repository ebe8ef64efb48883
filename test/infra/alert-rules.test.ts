import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ROOT } from './support/compose';
import { type K8sObject, k8sDir, renderLite } from './support/kustomize';

// The PrometheusRule of infra/k8s/monitoring, as the small overlay renders it, checked by
// Prometheus's own promtool (Debian's prometheus package; .ci/run installs it): the rules parse
// and their PromQL is valid, and the unit tests in alert-rules.promtool.yaml fire the alerts
// from series named as the exporters name them. Each alert has its runbook in docs/operations.md.

function promtool(args: string[]): string {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'promtool is not installed: apt-get install -y --no-install-recommends prometheus (it gives /usr/bin/promtool)',
    );
  }
  try {
    return execFileSync('promtool', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

const objects = renderLite(k8sDir(ROOT, 'overlays', 'small'));
const rule = objects.find((o) => o.kind === 'PrometheusRule') as K8sObject & {
  spec: {
    groups: Array<{ name: string; rules: Array<{ alert?: string; annotations?: Record<string, string> }> }>;
  };
};
const dir = mkdtempSync(join(tmpdir(), 'waco-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const rulesFile = join(dir, 'waco-alerts.yaml');
writeFileSync(rulesFile, stringify({ groups: rule.spec.groups }));
const alerts = rule.spec.groups.flatMap((g) => g.rules).filter((r) => r.alert);

describe('the alert rules (infra/k8s/monitoring/alert-rules.yaml)', () => {
  it('pass promtool check rules', () => {
    const out = promtool(['check', 'rules', rulesFile]);
    expect(out).toContain(`SUCCESS: ${alerts.length} rules found`);
  });

  it('fire as their promtool unit tests expect', () => {
    const tests = readFileSync(`${ROOT}test/infra/alert-rules.promtool.yaml`, 'utf8');
    writeFileSync(join(dir, 'tests.yaml'), tests);
    expect(promtool(['test', 'rules', join(dir, 'tests.yaml')])).toContain('SUCCESS');
  });

  it('alert on everything an operator must hear of, each with its runbook in docs/operations.md', () => {
    expect(alerts.map((a) => a.alert).sort()).toEqual(
      [
        'WacoBackupsFailing',
        'WacoConsumerLagging',
        'WacoDeadLetters',
        'WacoHttp5xxRate',
        'WacoLiveStreamDrops',
        'WacoNatsDown',
        'WacoPostgresDown',
        'WacoRelayLagging',
        'WacoServiceNotReady',
        'WacoStreamWithoutConsumers',
      ].sort(),
    );
    const operations = readFileSync(`${ROOT}docs/operations.md`, 'utf8');
    for (const a of alerts) {
      expect(a.annotations?.runbook, a.alert).toBe(`docs/operations.md#${a.alert?.toLowerCase()}`);
      const heading = new RegExp(`^### ${a.alert}$`, 'm').test(operations);
      expect(heading, `docs/operations.md has a section "### ${a.alert}"`).toBe(true);
    }
  });
});
