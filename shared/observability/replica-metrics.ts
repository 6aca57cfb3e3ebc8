import { Counter, Gauge, type Registry } from 'prom-client';
import type { ReadReplicas } from '../db/replicas.js';

/**
 * The read replicas at each scrape: each one's lag and whether it serves, and the reads served by
 * each and by the primary in their stead (`rate(backoffice_replica_reads_total[5m])` by `target`
 * gives the share each serves).
 */
export function replicaMetrics(registry: Registry, replicas: ReadReplicas): void {
  const views = () => replicas.views();
  new Gauge({
    name: 'backoffice_replica_lag_seconds',
    help: 'How far a read replica was behind the primary at its last check (absent while it is unreachable)',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of views()) if (r.lagMs !== null) this.labels(r.name).set(r.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'backoffice_replica_up',
    help: 'Whether a read replica serves reads (1), or is skipped as down or lagging (0)',
    labelNames: ['replica', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of views()) this.labels(r.name, r.status).set(r.status === 'up' ? 1 : 0);
    },
  });
  // Counted by the replicas themselves; brought up to date at each scrape.
  const seen = new Map<string, number>();
  new Counter({
    name: 'backoffice_replica_reads_total',
    help: 'Reads that could go to a replica, by where they ran: a replica, or the primary in its stead',
    labelNames: ['target'] as const,
    registers: [registry],
    collect() {
      const totals = [...views().map((r) => [r.name, r.reads] as const), ['primary', replicas.primaryReads] as const];
      for (const [target, total] of totals) {
        const delta = total - (seen.get(target) ?? 0);
        if (delta > 0) this.labels(target).inc(delta);
        seen.set(target, total);
      }
    },
  });
}
