import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DEFAULT_JOB_OPTIONS } from '../shared/kernel/queue-set.js';
import { BARE_WORKER_SCRIPT } from './bare-worker.js';
import { benchEnv, processArgs, ratioLine, waitUntilUp, withBenchDatabase } from './harness.js';
import {
  seedDeliveries,
  seedDueForRenewal,
  seedEndpoint,
  seedEvents,
  seedOverdue,
  seedOwner,
  smtpSink,
  webhookSink,
} from './worker-fixtures.js';

const JOBS = Number(process.env.BENCH_WORKER_JOBS ?? 1500);
const WARM = 100;
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

/** How many of `ids` are done, and the seconds from the first to the last (by the database's timestamps). */
type Progress = (ids: string[]) => Promise<{ n: number; seconds: number }>;

const progressOf =
  (em: EntityManager, from: string, id: string, at: string, start = at): Progress =>
  async (ids) => {
    const [row] = await em.execute(
      `select count(*)::int as n, coalesce(extract(epoch from max(${at}) - min(${start})), 0)::float as seconds
       from ${from} where ${id} = any(?::uuid[]) and ${at} is not null`,
      [`{${ids.join(',')}}`],
    );
    return row as { n: number; seconds: number };
  };

/** Waits (up to three minutes) until every one of `ids` is done; the rate of its first to its last. */
async function finished(progress: Progress, ids: string[], what: string): Promise<number> {
  const until = Date.now() + 180_000;
  for (;;) {
    const { n, seconds } = await progress(ids);
    if (n === ids.length) return (n - 1) / seconds;
    if (Date.now() > until) throw new Error(`${what}: ${n} of ${ids.length} done in three minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Jobs completed per second by one worker process, per queue, each queue on its own while the others
 * are idle: `mail` (premium-overdue reminders, rendered and sent over SMTP to a loopback sink),
 * `renewals` (generate: one renewal per due policy, its number from the gapless sequence) and
 * `deliveries` (one outbound webhook each to a loopback receiver; the serial `events.dispatch` job
 * makes them from committed events, and its rate is printed too). The subject is the worker process
 * as the Procfile starts it (compiled, log lines at info, the audit chainer and the schedulers
 * running); the baseline a bare BullMQ worker doing the least of the same work by hand
 * (bench/bare-worker.ts), same concurrency and pool size. Jobs are added straight to the queues
 * (the outbox relay is not measured here; `webhook` measures it), 100 to warm up, then BENCH_WORKER_JOBS.
 */
export async function benchWorkers(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const em = orm.em.fork();
    const owner = await seedOwner(em);
    const overdue = await seedOverdue(em, owner, WARM + JOBS);
    const due = await seedDueForRenewal(em, owner, WARM + JOBS);
    await em.execute('analyze');
    const smtp = await smtpSink();
    const hooks = await webhookSink();
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const env = benchEnv(base, {
      WORKER_PORT: String(port),
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    });
    const appEndpoint = await seedEndpoint(em, owner, hooks.url, SECRET, env.JWT_SECRET!, 'enabled');
    const bareEndpoint = await seedEndpoint(em, owner, hooks.url, SECRET, env.JWT_SECRET!, 'disabled');
    const prefixes = { app: env.REDIS_PREFIX!, bare: `{bench-bare-${randomBytes(3).toString('hex')}}` };
    const redis = new Redis(base.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = (side: 'app' | 'bare', name: string) =>
      new Queue(name, { connection: redis, prefix: prefixes[side], defaultJobOptions: DEFAULT_JOB_OPTIONS });
    const children: ChildProcess[] = [];
    try {
      const worker = spawn(process.execPath, processArgs('worker'), { env, stdio: ['ignore', 'ignore', 'inherit'] });
      children.push(worker);
      const bare = spawn(process.execPath, ['--import', 'tsx', BARE_WORKER_SCRIPT], {
        env: { ...env, REDIS_URL: base.REDIS_URL, BARE_PREFIX: prefixes.bare, WEBHOOK_SECRET: SECRET },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(bare);
      await waitUntilUp(port, worker);

      /** Adds the jobs of `ids` to the queue of `side` and returns their rate once all are done. */
      const run = async (
        side: 'app' | 'bare',
        name: string,
        jobName: string,
        payloads: object[],
        ids: string[],
        progress: Progress,
      ) => {
        const q = queue(side, name);
        await q.addBulk(payloads.map((data) => ({ name: jobName, data })));
        await q.close();
        return finished(progress, ids, `${side} ${name}`);
      };
      const lines: string[] = [];
      const compare = async (
        label: string,
        name: string,
        jobName: string,
        sets: Record<'a' | 'b', { payloads: object[]; ids: string[] }>,
        progress: Progress,
      ) => {
        const warm = (s: 'a' | 'b') => ({ payloads: sets[s].payloads.slice(0, WARM), ids: sets[s].ids.slice(0, WARM) });
        const timed = (s: 'a' | 'b') => ({ payloads: sets[s].payloads.slice(WARM), ids: sets[s].ids.slice(WARM) });
        await run('app', name, jobName, warm('a').payloads, warm('a').ids, progress);
        await run('bare', name, jobName, warm('b').payloads, warm('b').ids, progress);
        const app = await run('app', name, jobName, timed('a').payloads, timed('a').ids, progress);
        const hand = await run('bare', name, jobName, timed('b').payloads, timed('b').ids, progress);
        lines.push(
          ratioLine(
            `worker jobs/s, ${label} (${JOBS} jobs)`,
            { label: 'worker process', perSecond: app },
            { label: 'bare BullMQ worker', perSecond: hand },
          ),
        );
      };

      const mailSet = (s: 'a' | 'b') => ({
        payloads: overdue[s].map((instalmentId) => ({ instalmentId })),
        ids: overdue[s],
      });
      await compare(
        'mail (premium-overdue, SMTP to a loopback sink)',
        'mail',
        'premium-overdue',
        { a: mailSet('a'), b: mailSet('b') },
        progressOf(em, 'premium_instalments', 'id', 'reminder_sent_at'),
      );

      const renewalSet = (s: 'a' | 'b') => ({ payloads: due[s], ids: due[s].map((d) => d.policyId) });
      await compare(
        'renewals (generate)',
        'renewals',
        'generate',
        { a: renewalSet('a'), b: renewalSet('b') },
        progressOf(em, 'renewals', 'policy_id', 'created_at'),
      );

      // Deliveries: events committed, the app's dispatcher makes and queues them; the baseline's by hand.
      const delivered = progressOf(em, 'webhook_deliveries', 'id', 'delivered_at');
      const appDeliveries = async (events: string[]) =>
        (
          await em.execute(
            `select id from webhook_deliveries where endpoint_id = ? and event_id = any(?::uuid[]) order by id`,
            [appEndpoint, `{${events.join(',')}}`],
          )
        ).map((r) => r.id as string);
      const deliverEvents = async (n: number) => {
        const events = await seedEvents(em, n);
        const until = Date.now() + 60_000;
        let ids = await appDeliveries(events);
        while (ids.length < n && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 100));
          ids = await appDeliveries(events);
        }
        const deliver = await finished(delivered, ids, 'app deliveries');
        return { events, ids, deliver };
      };
      const bareDeliveries = async (events: string[]) => {
        const ids = await seedDeliveries(em, bareEndpoint, events);
        return run(
          'bare',
          'deliveries',
          'deliver',
          ids.map((deliveryId) => ({ deliveryId })),
          ids,
          delivered,
        );
      };
      await bareDeliveries((await deliverEvents(WARM)).events);
      const timed = await deliverEvents(JOBS);
      const hand = await bareDeliveries(timed.events);
      lines.push(
        ratioLine(
          `worker jobs/s, deliveries (deliver, outbound webhook to a loopback receiver) (${JOBS} jobs)`,
          { label: 'worker process', perSecond: timed.deliver },
          { label: 'bare BullMQ worker', perSecond: hand },
        ),
      );
      const dispatch = await progressOf(em, 'webhook_deliveries', 'id', 'enqueued_at', 'created_at')(timed.ids);
      lines.push(
        `  events.dispatch (one job at a time): ${JOBS} events made into deliveries and queued at ${(JOBS / dispatch.seconds).toFixed(0)}/s`,
      );
      return { line: lines.join('\n') };
    } finally {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))));
      for (const prefix of Object.values(prefixes)) {
        const keys = await redis.keys(`${prefix}*`);
        for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
      }
      redis.disconnect();
      await smtp.close();
      await hooks.close();
    }
  });
}
