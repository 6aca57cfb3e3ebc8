import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { uuidv7 } from '../shared/kernel/ids.js';
import { benchEnv, processArgs, ratioLine, signedDelivery, waitUntilUp, withBenchDatabase } from './harness.js';

const CONNECTIONS = [32, 128];
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
const USERS = 1000;
const PACED_RATE = Number(process.env.BENCH_WEBHOOK_PACED_RATE ?? 40);
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

/**
 * Signed identity.verified deliveries over HTTP for `seconds`, each with a new eventId (signed with
 * `secret`, by default this benchmark's); deliveries per second.
 */
export function deliver(
  url: string,
  userIds: string[],
  seconds: number,
  run: string,
  {
    connections = 32,
    overallRate,
    secret = SECRET,
  }: { connections?: number; overallRate?: number; secret?: string } = {},
): Promise<{ perSecond: number; sent: number }> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/webhooks/registry`,
        connections: overallRate ? 4 : connections,
        pipelining: 1,
        duration: seconds,
        ...(overallRate ? { overallRate } : {}),
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const eventId = `evt-${run}-${n++}`;
              return signedDelivery(req, secret, eventId, userIds[n % userIds.length]!, n);
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        if (result.non2xx || result.errors)
          return reject(new Error(`webhook: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
        resolve({ perSecond: result.requests.average, sent: result.requests.total });
      },
    );
  });
}

/** Waits (up to a minute) until the worker has caught up, so each phase starts from an empty backlog. */
async function waitForBacklog(backlog: () => Promise<number>): Promise<void> {
  const until = Date.now() + 60_000;
  while ((await backlog()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * Registry deliveries accepted per second over real HTTP (signature check, validation, the event row,
 * its audit entry and its outbox row in one transaction) by the compiled web process, at 32 and 128
 * connections, against a hand-written Fastify + pg receiver (the same HMAC check, one INSERT ... ON
 * CONFLICT per request) in interleaved rounds of the same run; then the worker process's drain rate over the
 * backlog those deliveries left (relay from the outbox, kycStatus applied, audit entries), which must
 * exceed the arrival rate for the backlog not to grow.
 */
export async function benchWebhook(): Promise<{ line: string }> {
  return withBenchDatabase(async (orm, base) => {
    const em = orm.em.fork();
    const userIds = Array.from({ length: USERS }, () => uuidv7());
    for (let i = 0; i < USERS; i += 250) {
      const chunk = userIds.slice(i, i + 250);
      await em.execute(
        `insert into users (id, email, name, status) values ${chunk.map(() => `(?, ?, 'Bench Person', 'active')`).join(', ')}`,
        chunk.flatMap((id) => [id, `kyc-${id}@example.test`]),
      );
    }
    const port = 40_000 + Math.floor(Math.random() * 10_000);
    const env = benchEnv(base, { PORT: String(port), REGISTRY_WEBHOOK_SECRET: SECRET });
    const prefix = env.REDIS_PREFIX!;
    // The hand-written receiver stores into a copy of the table, so the worker never sees its rows.
    await em.execute(`create table bare_registry_events (like registry_events including all)`);
    const barePort = port + 1;
    const redis = new Redis(base.REDIS_URL, { maxRetriesPerRequest: null });
    // The web process alone: deliveries wait in the outbox until the worker starts.
    const web = spawn(process.execPath, processArgs('web'), { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
      env: { ...env, PORT: String(barePort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let worker: ReturnType<typeof spawn> | undefined;
    try {
      await Promise.all([waitUntilUp(port, web), waitUntilUp(barePort, bare)]);
      const url = `http://127.0.0.1:${port}`;
      const bareUrl = `http://127.0.0.1:${barePort}`;
      await deliver(url, userIds, 2, 'warm'); // warm-up: JIT, pools, prepared plans
      await deliver(bareUrl, userIds, 2, 'warm');
      const lines: string[] = [];
      let accepted = 0;
      for (const connections of CONNECTIONS) {
        const app: number[] = [];
        const hand: number[] = [];
        // Interleaved rounds: the machine's state weighs on both alike.
        for (let i = 0; i < ROUNDS; i++) {
          hand.push((await deliver(bareUrl, userIds, SECONDS, `b${connections}-${i}`, { connections })).perSecond);
          app.push((await deliver(url, userIds, SECONDS, `a${connections}-${i}`, { connections })).perSecond);
        }
        accepted = Math.max(accepted, mean(app));
        lines.push(
          ratioLine(
            `registry webhook deliveries accepted (HTTP, ${connections} connections)`,
            { label: 'app', perSecond: mean(app) },
            { label: 'hand-written Fastify+pg receiver', perSecond: mean(hand) },
            1.0,
          ),
        );
      }
      const accept = lines.join('\n');

      // The worker process alone, on the backlog: relay, then each event applied in its transaction.
      const count = async () =>
        Number((await em.execute(`select count(*)::int as n from registry_events where status = 'processed'`))[0].n);
      const [{ n: total }] = await em.execute(`select count(*)::int as n from registry_events`);
      worker = spawn(process.execPath, processArgs('worker'), {
        env: { ...env, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      let first: { at: number; done: number } | undefined;
      let last = { at: Date.now(), done: 0 };
      const deadline = Date.now() + 600_000;
      while (last.done < total && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        const done = await count();
        last = { at: Date.now(), done };
        if (!first && done > 0) first = last;
      }
      if (last.done < total) throw new Error(`worker applied ${last.done} of ${total} events in 10 minutes`);
      const drained = first && last.at > first.at ? (last.done - first.done) / ((last.at - first.at) / 1000) : 0;
      const drain = `  worker drain: ${drained.toFixed(0)} events/s applied (${total} events) vs ${accepted.toFixed(0)} deliveries/s accepted: ${
        drained > accepted ? 'the backlog shrinks' : 'the backlog GROWS'
      } (drain/arrival ${(drained / accepted).toFixed(2)})`;

      // Both at once, as in production: deliveries arrive while the worker applies them, first as
      // fast as the senders go, then at a paced rate (default: 4 times what RATE_LIMIT_WEBHOOK_MAX
      // admits from one registry address).
      const backlog = async () =>
        Number((await em.execute(`select count(*)::int as n from registry_events where status = 'queued'`))[0].n);
      const together = async (label: string, rate?: number) => {
        await waitForBacklog(backlog);
        const before = { at: Date.now(), done: await count(), backlog: await backlog() };
        const sent = await deliver(url, userIds, SECONDS * 2, label, { overallRate: rate });
        const after = { at: Date.now(), done: await count(), backlog: await backlog() };
        const applied = (after.done - before.done) / ((after.at - before.at) / 1000);
        return `  together, ${rate ? `paced at ${rate}/s` : 'flat out'}: ${sent.perSecond.toFixed(0)} deliveries/s accepted while the worker applied ${applied.toFixed(0)} events/s; backlog ${before.backlog} -> ${after.backlog} after ${sent.sent} deliveries`;
      };
      const flatOut = await together('flat');
      const paced = await together('paced', PACED_RATE);
      return { line: `${accept}\n${drain}\n${flatOut}\n${paced}` };
    } finally {
      for (const child of [web, bare, worker]) child?.kill('SIGTERM');
      await Promise.all(
        [web, bare, worker].map((c) => (!c || c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
      );
      const keys = await redis.keys(`${prefix}*`);
      for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
      redis.disconnect();
    }
  });
}
