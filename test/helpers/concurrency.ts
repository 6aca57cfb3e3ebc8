import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type Stack, waitFor } from './stack.js';

/**
 * Runs `change` in another transaction that holds the role's row lock (as a concurrent role delete or
 * permission change does), starts `request` while it is held, and commits once the request waits on it.
 */
export async function duringRoleChange(
  stack: Stack,
  roleId: string,
  change: (q: (text: string, params: unknown[]) => Promise<unknown>) => Promise<unknown>,
  request: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const other = new pg.Client({ connectionString: stack.config.DATABASE_URL });
  await other.connect();
  try {
    await other.query('begin');
    await other.query(`select id from roles where id = $1 for update`, [roleId]);
    await change((text, params) => other.query(text, params));
    const pending = request();
    await waitFor(
      async () =>
        (
          await stack.orm.em
            .fork()
            .execute(
              `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%roles%'`,
            )
        ).length > 0,
      'the request to wait for the role lock',
    );
    await other.query('commit');
    return await pending;
  } finally {
    await other.query('rollback').catch(() => undefined);
    await other.end();
  }
}
