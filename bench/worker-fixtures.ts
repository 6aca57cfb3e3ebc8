import { createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_ROLE_ID } from '../shared/domain/access/system-roles.js';
import { SecretBox } from '../shared/domain/identity/crypto.js';

/**
 * The rows the worker benchmark's jobs work on, as fixture rows straight into the tables, in two sets
 * of `n`: `a` for the app's worker process, `b` for the hand-written baseline (bench/bare-worker.ts),
 * so neither finds the other's work done. And the loopback sinks the jobs send to.
 */

/** A user to own policies and webhook endpoints (admin role: data scope all, so it hears every event). */
export async function seedOwner(em: EntityManager): Promise<string> {
  const [{ id }] = await em.execute(
    `insert into users (id, email, name, status) values (gen_random_uuid(), 'workers-bench@example.test', 'Bench Owner', 'active') returning id`,
  );
  await em.execute(`insert into user_roles (user_id, role_id) values (?, ?)`, [id, ADMIN_ROLE_ID]);
  return id;
}

const policies = (set: string, kind: string, from: string, to: string, email: boolean) => `
  insert into policies (id, policy_number, status, agent_id, insurer_id, product_code, holder_name, holder_email,
    currency, sum_insured_minor, premium_minor, effective_from, effective_to)
  select gen_random_uuid(), 'BENCH-${kind}-${set}-' || lpad(i::text, 6, '0'), 'active', ?, 'insurer-' || (i % 7), 'MOTOR',
    'Holder ' || md5(i::text), ${email ? `'holder' || i || '@${set}.example'` : 'null'}, 'KES', 1000000, 50000,
    ${from}, ${to}
  from generate_series(1, ?) as i`;

/**
 * Mail: `n` active policies per set whose one instalment fell due 10 days ago (within the grace period),
 * already marked as queued for a reminder, as the daily `remind-overdue` job leaves them. The holders'
 * mail addresses end in `@<set>.example`. Returns the instalment ids of each set.
 */
export async function seedOverdue(em: EntityManager, owner: string, n: number) {
  const ids: Record<'a' | 'b', string[]> = { a: [], b: [] };
  for (const set of ['a', 'b'] as const) {
    await em.execute(policies(set, 'MAIL', 'current_date - 10', 'current_date + 355', true), [owner, n]);
    const rows = await em.execute(
      `insert into premium_instalments (id, policy_id, seq, due_on, amount_minor, currency, reminder_queued_at)
       select gen_random_uuid(), id, 1, effective_from, premium_minor, currency, now()
       from policies where policy_number like 'BENCH-MAIL-${set}-%' returning id`,
    );
    ids[set] = rows.map((r) => r.id as string);
  }
  return ids;
}

/**
 * Renewals: `n` active policies per set whose term ends in 30 days (within RENEWAL_LEAD_DAYS), no
 * arrears, no renewal yet, as the daily `generate-due` job finds them. Returns each set's jobs' payloads.
 */
export async function seedDueForRenewal(em: EntityManager, owner: string, n: number) {
  const due: Record<'a' | 'b', { policyId: string; termFrom: string }[]> = { a: [], b: [] };
  for (const set of ['a', 'b'] as const) {
    await em.execute(policies(set, 'RENEW', 'current_date - 335', 'current_date + 30', false), [owner, n]);
    const rows = await em.execute(
      `select id as "policyId", (effective_to + 1)::text as "termFrom" from policies where policy_number like 'BENCH-RENEW-${set}-%'`,
    );
    due[set] = rows as { policyId: string; termFrom: string }[];
  }
  return due;
}

/**
 * An endpoint on the receiver for `policy.lapsed`, registered an hour ago: `enabled` for the app's
 * dispatcher, `disabled` for the baseline's (the dispatcher passes it over; the baseline's deliveries
 * are made by hand). Its secret is sealed as the service seals it, with the process's JWT_SECRET.
 */
export async function seedEndpoint(
  em: EntityManager,
  owner: string,
  url: string,
  secret: string,
  jwtSecret: string,
  status: 'enabled' | 'disabled',
): Promise<string> {
  const sealed = new SecretBox(jwtSecret, 'webhook-endpoint-secret').seal(secret);
  const [{ id }] = await em.execute(
    `insert into webhook_endpoints (id, url, events, status, secret_sealed, created_by, created_at)
     values (gen_random_uuid(), ?, '{policy.lapsed}', ?, ?, ?, now() - interval '1 hour') returning id`,
    [url, status, sealed, owner],
  );
  return id;
}

/** `n` committed `policy.lapsed` events, each with a policy view of about 600 bytes as its data; their ids. */
export async function seedEvents(em: EntityManager, n: number): Promise<string[]> {
  const rows = await em.execute(
    `insert into published_events (id, type, subject_type, subject_id, insurer_id, actor, data)
     select gen_random_uuid(), 'policy.lapsed', 'policy', gen_random_uuid()::text, 'insurer-' || (i % 7), 'system',
       jsonb_build_object('policy', jsonb_build_object('id', gen_random_uuid(), 'policyNumber', 'POL-' || i,
         'status', 'lapsed', 'holderName', 'Holder ' || md5(i::text), 'productCode', 'MOTOR', 'currency', 'KES',
         'premiumMinor', 50000, 'sumInsuredMinor', 1000000, 'effectiveFrom', '2026-01-01', 'effectiveTo', '2026-12-31',
         'lapsedAt', now(), 'notes', repeat('x', 200)))
     from generate_series(1, ?) as i returning id`,
    [n],
  );
  return rows.map((r) => r.id as string);
}

/** The baseline's deliveries: one per event for `endpoint`, marked queued (its jobs are added by the bench). */
export async function seedDeliveries(em: EntityManager, endpoint: string, events: string[]): Promise<string[]> {
  const rows = await em.execute(
    `insert into webhook_deliveries (id, endpoint_id, event_id, enqueued_at)
     select gen_random_uuid(), ?, id, now() from published_events where id = any(?::uuid[]) returning id`,
    [endpoint, `{${events.join(',')}}`],
  );
  return rows.map((r) => r.id as string);
}

/**
 * A loopback SMTP server that accepts every mail and counts it: the replies a relay gives, at once
 * (smtp-server, which the tests use, waits 100 ms before its greeting to catch early talkers: that
 * delay, not the worker, would be measured).
 */
export async function smtpSink() {
  let received = 0;
  const server = createNetServer((socket) => {
    socket.setNoDelay(true);
    let buffered = '';
    let inData = false;
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end < 0) return;
          buffered = buffered.slice(end + 5);
          inData = false;
          received++;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const eol = buffered.indexOf('\r\n');
        if (eol < 0) return;
        const verb = buffered.slice(0, 4).toUpperCase();
        buffered = buffered.slice(eol + 2);
        if (verb === 'EHLO') socket.write('250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.write('220 sink ESMTP\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** A loopback webhook receiver answering 204 to every POST once its body is read. */
export async function webhookSink() {
  let received = 0;
  const server = createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/backoffice`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
