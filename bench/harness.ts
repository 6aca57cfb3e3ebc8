import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { type Config, loadConfig } from '../shared/config/index.js';
import type { Orm } from '../shared/db/orm.js';
import { ADMIN_ROLE_ID } from '../shared/domain/access/system-roles.js';
import { signWebhook } from '../shared/domain/registry/signature.js';
import { createOrm } from '../shared/domains.js';
import { uuidv7 } from '../shared/kernel/ids.js';
import { prepareDatabase } from '../shared/prepare-database.js';

const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The settings of the bench's own connections: its database, and the Redis of REDIS_URL (database
 * number included) as the processes it starts get it, never a default the user did not choose.
 */
export function benchConfig(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '4',
    LOG_LEVEL: 'silent',
    ...(env.REDIS_URL ? { REDIS_URL: env.REDIS_URL } : {}),
  });
}

/** A migrated database of the benchmark's own, dropped afterwards. */
export async function withBenchDatabase<T>(fn: (orm: Orm, config: Config) => Promise<T>): Promise<T> {
  const name = `ins_bench_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  // Raw SQL on the admin database: creating and dropping a database is outside any ORM's reach.
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config = benchConfig(url.toString());
  const orm = await createOrm(config, 'bench');
  try {
    await prepareDatabase(orm, config);
    return await fn(orm, config);
  } finally {
    await orm.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

export function ratioLine(
  name: string,
  subject: { label: string; perSecond: number },
  baseline: { label: string; perSecond: number },
  target?: number,
): string {
  const ratio = subject.perSecond / baseline.perSecond;
  const verdict =
    target === undefined ? '' : ratio >= target ? `  (target >= ${target}: met)` : `  (target >= ${target}: NOT met)`;
  return `${name}: ${subject.label} ${subject.perSecond.toFixed(0)}/s vs ${baseline.label} ${baseline.perSecond.toFixed(0)}/s  ratio ${ratio.toFixed(2)}${verdict}`;
}

/**
 * A process's CPU time so far (all its threads, user and system), in ms, from /proc: NaN where there is
 * none. Read before and after a round, it gives the server's CPU per request, which moves much less
 * between runs on a shared machine than its rate.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
/** USER_HZ: the unit of /proc/<pid>/stat's times (100 on Linux). */
const CLOCK_TICKS = 100;

/** `cpuMs` of a process and of every process below it (a web cluster's primary and its web processes). */
function treeCpuMs(pid: number | undefined): number {
  let total = cpuMs(pid);
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) total += treeCpuMs(Number(child));
    }
  } catch {
    // gone, or no /proc: what was read stands
  }
  return total;
}

/** The whole machine's CPU time from /proc/stat, in clock ticks: busy (not idle, not waiting on I/O) and all. */
function machineTicks(): { busy: number; all: number } {
  try {
    const n = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const all = n.reduce((sum, x) => sum + x, 0);
    return { busy: all - n[3]! - n[4]!, all };
  } catch {
    return { busy: Number.NaN, all: Number.NaN };
  }
}

export interface PerRequest {
  /** CPU time of the server's processes (a cluster's primary and its web processes too) per request, µs. */
  cpuPerRequest: number;
  /** The machine's busy share of all its cores over the load, 0 to 1: near 1, nothing was left to a second process. */
  machineBusy: number;
}

/**
 * Runs a load against the server `pid` (with whatever it forked) and adds what it cost: the server's CPU
 * time per request, and how busy the whole machine was meanwhile. `sent` is the requests the load made.
 */
export async function perRequest<T extends { sent: number }>(
  pid: number | undefined,
  load: () => Promise<T>,
): Promise<T & PerRequest> {
  const [cpu, ticks] = [treeCpuMs(pid), machineTicks()];
  const result = await load();
  const after = machineTicks();
  return {
    ...result,
    cpuPerRequest: ((treeCpuMs(pid) - cpu) * 1000) / result.sent,
    machineBusy: (after.busy - ticks.busy) / (after.all - ticks.all),
  };
}

/** Waits until a spawned server answers /health/live (or fails if it exits). */
export async function waitUntilUp(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`benchmark server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/health/live`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('benchmark server did not start');
}

/**
 * The node arguments of a Procfile command (`web` or `worker`: heap bounds and script), as production
 * starts that process; BENCH_NODE_ARGS (web) or BENCH_WORKER_NODE_ARGS (worker) adds more in front
 * (e.g. `--cpu-prof` to profile a run).
 */
export function processArgs(kind: 'web' | 'worker'): string[] {
  const line = readFileSync('Procfile', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${kind}:`));
  if (!line) throw new Error(`the Procfile has no ${kind} command`);
  const [, ...args] = line
    .slice(kind.length + 1)
    .trim()
    .split(/\s+/);
  const extra = process.env[kind === 'web' ? 'BENCH_NODE_ARGS' : 'BENCH_WORKER_NODE_ARGS'];
  return [...(extra?.split(/\s+/).filter(Boolean) ?? []), ...args];
}

/**
 * A reader for the authenticated benchmarks, as fixture rows straight into the tables (they measure
 * reads, not the write path): an admin `caller` with a live session and its access token signed with
 * `jwtSecret`, a second admin `target`, and a policy of the target's.
 */
export async function seedReader(em: EntityManager, jwtSecret: string) {
  const caller = uuidv7();
  const target = uuidv7();
  const familyId = uuidv7();
  const policy = uuidv7();
  await em.execute(
    `insert into users (id, email, name, status) values (?, ?, 'Bench Caller', 'active'), (?, ?, 'Bench Target', 'active')`,
    [caller, `caller-${caller}@example.test`, target, `target-${target}@example.test`],
  );
  await em.execute(`insert into user_roles (user_id, role_id) values (?, ?), (?, ?)`, [
    caller,
    ADMIN_ROLE_ID,
    target,
    ADMIN_ROLE_ID,
  ]);
  await em.execute(
    `insert into auth_sessions (family_id, user_id, refresh_hash, expires_at, absolute_expires_at) values (?, ?, ?, now() + interval '1 day', now() + interval '1 day')`,
    [familyId, caller, randomBytes(16).toString('hex')],
  );
  await em.execute(
    `insert into policies (id, policy_number, status, agent_id, insurer_id, product_code, holder_name, currency,
       sum_insured_minor, premium_minor, effective_from, effective_to)
     values (?, 'BENCH-1', 'active', ?, 'insurer-bench', 'MOTOR', 'Bench Holder', 'KES', 1000000, 50000, '2026-01-01', '2026-12-31')`,
    [policy, target],
  );
  const token = createSigner({ key: jwtSecret, algorithm: 'HS256', expiresIn: 3_600_000 })({
    sub: caller,
    sid: familyId,
    jti: uuidv7(),
  });
  return { caller, target, policy, token };
}

const UNLIMITED = '100000000';

/**
 * The environment of a process a benchmark starts: its database, a Redis prefix of its own, loopback,
 * request logging on, and every rate limit raised so that a run measures serving, not refusing (each
 * is still counted). `settings` adds to it or overrides it (JWT_SECRET, PORT, ...).
 */
export function benchEnv(base: Config, settings: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: base.DATABASE_URL,
    JWT_SECRET: `bench-${randomBytes(24).toString('hex')}`,
    REDIS_PREFIX: `{bench-${randomBytes(3).toString('hex')}}`,
    RATE_LIMIT_MAX: UNLIMITED,
    RATE_LIMIT_LOGIN_MAX: UNLIMITED,
    RATE_LIMIT_WEBHOOK_MAX: UNLIMITED,
    ...settings,
  };
}

/**
 * A signed `identity.verified` delivery for `userId`, as autocannon's `setupRequest` makes it: a new
 * eventId each time and its own Standard Webhooks signature with `secret`.
 */
export function signedDelivery<R extends object>(req: R, secret: string, eventId: string, userId: string, n: number) {
  const body = JSON.stringify({
    eventId,
    type: 'identity.verified',
    occurredAt: new Date().toISOString(),
    data: { userId, reference: `REG-${n}` },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    ...req,
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, eventId, timestamp, body),
    },
  };
}
