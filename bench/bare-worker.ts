import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { isEntry } from '../shared/process.js';

/**
 * The baseline of the worker benchmark, written by hand: one bare BullMQ Worker per queue at the
 * service's default concurrency (4) and a `pg` pool of the default size (10), doing the least each
 * job needs, with none of the service's checks, audit entries, events, templates or log lines:
 *
 * - `mail`: read the instalment and its holder, send a plain mail over SMTP (nodemailer, SMTP_URL as
 *   the service's transport uses it), mark it sent;
 * - `renewals`: lock the policy, take the next number of the renewals' gapless counter (as `BARE-<n>`),
 *   insert the renewal, commit;
 * - `deliveries`: read the delivery, its endpoint and event, sign the body (HMAC-SHA256), POST it on
 *   a fresh connection as the service does, record the attempt and the delivery's state, commit.
 *
 * Started by bench/worker-throughput.bench.ts as a process of its own (BARE_PREFIX, WEBHOOK_SECRET).
 */
const BARE_QUEUES = ['mail', 'renewals', 'deliveries'] as const;
const CONCURRENCY = 4;
/** This file, for the benchmark to start it. */
export const BARE_WORKER_SCRIPT = fileURLToPath(import.meta.url);

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const mail = nodemailer.createTransport(process.env.SMTP_URL);
  const key = Buffer.from((process.env.WEBHOOK_SECRET ?? '').replace(/^whsec_/, ''), 'base64');
  const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });

  const sendMail = async ({ data }: Job<{ instalmentId: string }>) => {
    const { rows } = await pool.query(
      `select i.due_on::text as due_on, i.amount_minor - i.paid_minor as owed, i.currency, p.policy_number,
         p.holder_name, p.holder_email
       from premium_instalments i join policies p on p.id = i.policy_id where i.id = $1`,
      [data.instalmentId],
    );
    const r = rows[0];
    await mail.sendMail({
      from: 'bench@example.test',
      to: r.holder_email,
      subject: `Premium overdue on policy ${r.policy_number}`,
      text: `Hello ${r.holder_name},\n\nThe instalment due on ${r.due_on} is unpaid: ${r.currency} ${r.owed} is still due.\n`,
    });
    await pool.query('update premium_instalments set reminder_sent_at = now() where id = $1', [data.instalmentId]);
  };

  const inTransaction = async (work: (client: pg.PoolClient) => Promise<void>) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await work(client);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    } finally {
      client.release();
    }
  };

  const generateRenewal = ({ data }: Job<{ policyId: string; termFrom: string }>) =>
    inTransaction(async (client) => {
      const { rows } = await client.query('select * from policies where id = $1 for update', [data.policyId]);
      const p = rows[0];
      // The number from the same gapless counter as the service's (its row locked until COMMIT).
      const { rows: seq } = await client.query(
        `update id_patterns set next_seq = next_seq + 1 where entity = 'renewal' and active returning next_seq - 1 as n`,
      );
      await client.query(
        `insert into renewals (id, renewal_number, policy_id, policy_number, agent_id, insurer_id, currency,
           proposed_premium_minor, term_from, term_to)
         values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8::date, $8::date + 364)`,
        [
          `BARE-${seq[0].n}`,
          p.id,
          p.policy_number,
          p.agent_id,
          p.insurer_id,
          p.currency,
          p.premium_minor,
          data.termFrom,
        ],
      );
    });

  const deliver = async ({ data }: Job<{ deliveryId: string }>) => {
    const { rows } = await pool.query(
      `select w.url, e.id, e.type, e.occurred_at, e.data from webhook_deliveries d
       join webhook_endpoints w on w.id = d.endpoint_id join published_events e on e.id = d.event_id where d.id = $1`,
      [data.deliveryId],
    );
    const e = rows[0];
    const body = JSON.stringify({ id: e.id, type: e.type, occurredAt: e.occurred_at.toISOString(), data: e.data });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', key).update(`${e.id}.${timestamp}.${body}`).digest('base64');
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const out = request(
        e.url,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'webhook-id': e.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': `v1,${signature}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      out.on('error', reject);
      out.end(body);
    });
    const ms = Math.round(performance.now() - started);
    await inTransaction(async (client) => {
      await client.query(
        `insert into webhook_delivery_attempts (id, delivery_id, attempt, response_code, duration_ms) values (gen_random_uuid(), $1, 1, $2, $3)`,
        [data.deliveryId, status, ms],
      );
      await client.query(
        `update webhook_deliveries set status = 'delivered', attempts = 1, last_response_code = $2, last_duration_ms = $3,
           last_attempt_at = now(), delivered_at = now() where id = $1`,
        [data.deliveryId, status, ms],
      );
    });
  };

  const processors = { mail: sendMail, renewals: generateRenewal, deliveries: deliver } as const;
  const workers = BARE_QUEUES.map(
    (name) =>
      new Worker(name, processors[name] as (job: Job) => Promise<void>, {
        connection,
        prefix: process.env.BARE_PREFIX,
        concurrency: CONCURRENCY,
      }),
  );
  process.once('SIGTERM', async () => {
    await Promise.all(workers.map((w) => w.close()));
    mail.close();
    connection.disconnect();
    await pool.end();
    process.exit(0);
  });
}

if (isEntry(import.meta.url)) await main();
