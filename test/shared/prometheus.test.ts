import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import test from 'ava';
import { parse } from 'yaml';
import { type Stack, startStack } from '../helpers/stack.js';

/**
 * What operators are given for Prometheus, read as Prometheus and Docker Compose read it (neither runs
 * here): compose scrapes web and workers with the METRICS_TOKEN the processes check, and every alert
 * rule speaks of metrics the service really exports (scraped from a running web and worker here).
 */
const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  expose?: string[];
  volumes?: string[];
  configs?: { source: string; target: string }[];
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
};
const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as {
  rule_files: string[];
  scrape_configs: {
    job_name: string;
    metrics_path: string;
    authorization: { type: string; credentials_file: string };
    dns_sd_configs: { names: string[]; port: number }[];
  }[];
};
const rules = parse(read('deploy/prometheus/alerts.yml')) as {
  groups: { rules: { alert: string; expr: string; for?: string; annotations: { summary: string } }[] }[];
};
const alerts = rules.groups.flatMap((g) => g.rules);

let stack: Stack;
test.before(async () => {
  stack = await startStack({ workers: true, env: { METRICS_TOKEN: 'prometheus-test-token-0123456789' } });
});
test.after.always(async () => {
  await stack?.close();
});

test('compose runs Prometheus on the rules and scrape config of deploy/prometheus, with the token the processes check', (t) => {
  const service = compose.services.prometheus!;
  const mounts = new Map(
    (service.volumes ?? []).filter((v) => v.startsWith('./')).map((v) => [v.split(':')[1], v.split(':')[0]]),
  );
  t.is(mounts.get('/etc/prometheus/prometheus.yml'), './deploy/prometheus/prometheus.yml');
  t.is(mounts.get('/etc/prometheus/alerts.yml'), './deploy/prometheus/alerts.yml');
  for (const source of mounts.values()) t.true(existsSync(resolve(root, source)), source);
  t.true(service.command?.includes('--config.file=/etc/prometheus/prometheus.yml'));
  t.true(prometheus.rule_files.includes('/etc/prometheus/alerts.yml'));
  // The token file Prometheus reads holds what the processes are given as METRICS_TOKEN.
  const token = service.configs?.find((c) => c.source === 'metrics_token');
  t.is(token?.target, '/etc/prometheus/metrics-token');
  t.is(compose.configs.metrics_token?.content, compose.services.web!.environment!.METRICS_TOKEN);
  t.is(compose.services.worker!.environment!.WORKER_PORT, '3001');
  t.deepEqual(compose.services.worker!.expose, ['3001']);
  t.regex(compose.services.redis!.command!.join(' '), /--appendonly yes/);
});

test('Prometheus scrapes every web process on 3000 and every worker on WORKER_PORT, with the bearer token', (t) => {
  const jobs = new Map(prometheus.scrape_configs.map((c) => [c.job_name, c]));
  for (const [job, service, port] of [
    ['backoffice-web', 'web', 3000],
    ['backoffice-worker', 'worker', 3001],
  ] as const) {
    const config = jobs.get(job);
    t.truthy(config, job);
    t.is(config?.metrics_path, '/metrics');
    t.deepEqual(config?.authorization, { type: 'Bearer', credentials_file: '/etc/prometheus/metrics-token' });
    t.deepEqual(config?.dns_sd_configs, [{ names: [service], type: 'A', port, refresh_interval: '15s' }]);
  }
});

test('the alert rules cover the faults operators must hear of, each with a summary and a wait', (t) => {
  t.deepEqual(alerts.map((a) => a.alert).sort(), [
    'AuditChainLagging',
    'FailedJobsRising',
    'OutboxLagging',
    'ProcessDown',
    'QueueWithoutWorker',
    'ServerErrors',
    'ServiceUnavailable',
    'SystemStateUnreadable',
  ]);
  for (const rule of alerts) {
    t.truthy(rule.annotations.summary, rule.alert);
    t.regex(rule.for ?? '', /^\d+m$/, rule.alert);
  }
});

test('every metric an alert rule reads is one the web or a worker exports', async (t) => {
  const token = { authorization: 'Bearer prometheus-test-token-0123456789' };
  const web = (await stack.app.inject({ method: 'GET', url: '/metrics', headers: token })).body;
  const worker = await stack.workers!.metrics.metrics();
  // Both registries here are this process's; the worker's are its own registry.
  const exported = new Set(
    [...`${web}\n${worker}`.matchAll(/^# TYPE (\w+) (\w+)$/gm)].flatMap(([, name, type]) =>
      type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
    ),
  );
  for (const rule of alerts) {
    const metrics = [...rule.expr.matchAll(/\b([a-z_]+(?:_total|_seconds|_rows|_entries|_live|_up|jobs))\b/g)].map(
      (m) => m[1],
    );
    t.true(metrics.length > 0 || /\bup\{/.test(rule.expr), rule.alert);
    for (const metric of metrics) t.true(exported.has(metric), `${rule.alert}: ${metric}`);
  }
});
