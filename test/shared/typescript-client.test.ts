import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import test, { type ExecutionContext } from 'ava';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from '../../scripts/client-schema.js';
import { type AdminStack, withAdminStack } from '../helpers/admin-stack.js';
import { expectData } from '../helpers/expect.js';
import { given, type SignedIn } from '../helpers/given.js';
import { waitFor } from '../helpers/stack.js';

/**
 * The TypeScript client in clients/typescript: generated from the document (and regenerated whenever
 * it changes), compiled with the rest (npm run typecheck), and its example drives a claim's whole life
 * against the real service over HTTP.
 */
let { stack, api, admin, colleague } = {} as AdminStack;
withAdminStack(test, (s) => ({ stack, api, admin, colleague } = s), {
  workers: true,
  env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_DISPATCH_EVERY_MS: '100' },
});

test('the checked-in client types are what the current document generates (run npm run client)', async (t) => {
  // The recorded document is the served one (openapi-snapshot.test.ts); the types are sorted, so its key order does not matter.
  const document = JSON.parse(readFileSync('test/fixtures/openapi.json', 'utf8'));
  t.is(readFileSync(CLIENT_SCHEMA_FILE, 'utf8'), await renderClientSchema(document));
});

/**
 * A machine client holding these permissions, made through the API by `maker`: its id and secret. Four
 * eyes count a client as its maker, so the two clients of the example are made by two people.
 */
async function machineClient(t: ExecutionContext, maker: SignedIn, permissions: string[], insurerId: string) {
  const role = await given.role(stack, permissions);
  const made = expectData(
    t,
    await api.as(maker).post('/api-clients', { name: role.name, roleIds: [role.id], insurerId }),
    201,
  );
  return { id: made.clientId as string, secret: made.clientSecret as string };
}

/** A receiver of webhook deliveries on loopback: the event types it got. */
async function receiver() {
  const types: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      types.push(JSON.parse(body).type);
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, types, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('the example subscribes a webhook and drives a claim from issue to close through the generated client', async (t) => {
  const base = await stack.app.listen({ port: 0, host: '127.0.0.1' });
  const hooks = await receiver();
  t.teardown(hooks.close);
  const insurerId = 'insurer-client-example';
  const agentUser = await given.user(stack, { roles: ['agent'], insurerId });
  const agent = await machineClient(
    t,
    admin,
    ['policy:issue', 'policy:read', 'claim:file', 'claim:read', 'webhook_endpoint:write'],
    insurerId,
  );
  const handler = await machineClient(
    t,
    colleague,
    ['claim:read', 'claim:review', 'claim:settle', 'claim:pay', 'claim:close'],
    insurerId,
  );
  const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['clients/typescript/examples/claim-life.ts'], {
    env: {
      ...process.env,
      BACKOFFICE_URL: base,
      WEBHOOK_URL: hooks.url,
      AGENT_ID: agentUser.id,
      INSURER_ID: insurerId,
      AGENT_CLIENT_ID: agent.id,
      AGENT_CLIENT_SECRET: agent.secret,
      HANDLER_CLIENT_ID: handler.id,
      HANDLER_CLIENT_SECRET: handler.secret,
    },
    timeout: 60_000,
  });
  const summary = JSON.parse(stdout.trim().split('\n').at(-1)!);
  t.is(summary.status, 'closed');
  t.deepEqual(
    summary.history.filter((type: string) => ['claim.filed', 'claim.settled', 'claim.closed'].includes(type)),
    ['claim.filed', 'claim.settled', 'claim.closed'],
  );
  t.regex(stdout, /issue the policy: 201/);
  t.regex(stdout, /subscribe to claim events: 201/);
  const claimEvents = () => hooks.types.filter((type) => type.startsWith('claim.'));
  await waitFor(async () => claimEvents().length >= 4, 'the four claim deliveries');
  // Each delivery is a job of its own, retried on its own: they arrive in any order (docs/integrating.md).
  t.deepEqual(claimEvents().sort(), ['claim.closed', 'claim.filed', 'claim.payment_recorded', 'claim.settled']);
});
