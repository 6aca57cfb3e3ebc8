import { createHash } from 'node:crypto';
import test from 'ava';
import { buildApp } from '../../../api/app.js';
import { createOrm } from '../../../shared/domains.js';
import { startWorkers } from '../../../workers/main.js';
import { client } from '../../helpers/client.js';
import { sqlOn } from '../../helpers/db.js';
import { expectData } from '../../helpers/expect.js';
import { given } from '../../helpers/given.js';
import { createTestDatabase, testConfig, waitFor } from '../../helpers/stack.js';

/** Password recovery without SMTP_URL: the mail job completes, and the reset token never reaches the log. */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

test('without SMTP_URL the mail job still completes and the token never reaches the log', async (t) => {
  const lines: string[] = [];
  const config = testConfig(await createTestDatabase(), { LOG_LEVEL: 'debug', RATE_LIMIT_PASSWORD_MAX: '10000' });
  t.is(config.SMTP_URL, undefined);
  const orm = await createOrm(config, 'test');
  const app = await buildApp({
    config,
    orm,
    logDestination: {
      write: (line) => {
        lines.push(line);
      },
    },
  });
  const workers = await startWorkers({ config, orm, log: app.log as never });
  try {
    await app.ready();
    const user = await given.account({ orm });
    expectData(t, await client(app).post('/auth/forgot-password', { email: user.email }), 202);
    const local = sqlOn({ orm });
    const [outbox] = await local(`select id from outbox where queue = 'mail'`);
    await waitFor(
      async () => (await workers.queues.get('mail').getJobState(outbox.id)) === 'completed',
      'the mail job to complete',
    );
    const job = await workers.queues.get('mail').getJob(outbox.id);
    t.is(job?.returnvalue, 'sent');
    const [resetRow] = await local(`select id from password_reset_tokens where user_id = ?`, [user.id]);
    const [row] = await local(`select sent_at, token_hash from password_reset_tokens where id = ?`, [resetRow.id]);
    t.truthy(row.sent_at);
    t.truthy(row.token_hash);

    const log = lines.join('');
    t.true(
      lines.some((l) => JSON.parse(l).mailTo === user.email),
      'the log records that a mail was due',
    );
    // The token is never shown; any token-like string in the log must not be the one whose hash is stored.
    const candidates = log.match(/[A-Za-z0-9_-]{40,}/g) ?? [];
    for (const candidate of candidates) {
      for (let i = 0; i + 43 <= candidate.length; i++) t.not(sha256(candidate.slice(i, i + 43)), row.token_hash);
    }
    t.false(log.includes(row.token_hash), 'not even the hash');
  } finally {
    await workers.close();
    await app.close();
    await orm.close();
  }
});
