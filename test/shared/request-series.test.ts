import test from 'ava';
import { Counter, Histogram, Registry } from 'prom-client';
import { DURATION_BUCKETS, httpMetrics } from '../../shared/observability/metrics.js';

/**
 * The web process counts requests in plain arrays (RequestSeries) and hands prom-client the values at
 * each scrape: what Prometheus reads must be exactly what prom-client's own Counter and Histogram
 * would have written for the same requests, in both exposition formats, default labels included.
 */
function reference(registry: Registry) {
  const labelNames = ['route', 'method', 'status'] as const;
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const count = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status',
    labelNames,
    registers: [registry],
  });
  return {
    observe(route: string, method: string, status: number, seconds: number) {
      duration.labels(route, method, String(status)).observe(seconds);
      count.labels(route, method, String(status)).inc();
    },
  };
}

const requests: [string, string, number, number][] = [];
const routes = ['/users/:id', '/claims/:id/payments', 'unmatched', '/odd "route" \\ with\nbreaks'];
for (let i = 0; i < 500; i++) {
  const seconds = [0, 0.005, 0.0051, 60, 61, 1e-9, Math.random() * 2, Math.random() * 100][i % 8];
  requests.push([routes[i % routes.length], i % 3 ? 'GET' : 'POST', [200, 404, 503][i % 3], seconds]);
}

for (const format of [Registry.PROMETHEUS_CONTENT_TYPE, Registry.OPENMETRICS_CONTENT_TYPE]) {
  test(`the request metrics read exactly as prom-client's Counter and Histogram write them (${format.split(';')[0]})`, async (t) => {
    const ours = new Registry();
    ours.setContentType(format as never);
    const theirs = new Registry();
    theirs.setContentType(format as never);
    for (const r of [ours, theirs]) r.setDefaultLabels({ process_type: 'web', pid: '42' });
    const series = httpMetrics(ours);
    const expected = reference(theirs);
    t.is(await ours.metrics(), await theirs.metrics(), 'nothing observed yet');
    for (const [route, method, status, seconds] of requests) {
      series.observe(route, method, status, seconds);
      expected.observe(route, method, status, seconds);
    }
    const text = await ours.metrics();
    t.is(text, await theirs.metrics());
    t.regex(text, /http_request_duration_seconds_count\{[^}]*route="\/users\/:id"/);
    // As JSON too (exemplars aside: they are off, and prom-client writes an empty one per bucket).
    const json = async (r: Registry) =>
      JSON.parse(JSON.stringify(await r.getMetricsAsJSON(), (key, value) => (key === 'exemplar' ? undefined : value)));
    t.deepEqual(await json(ours), await json(theirs));
    ours.resetMetrics();
    theirs.resetMetrics();
    t.is(await ours.metrics(), await theirs.metrics(), 'reset empties both alike');
  });
}
