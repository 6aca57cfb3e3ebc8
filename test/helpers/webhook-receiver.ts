import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from './client.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver of outbound webhooks on 127.0.0.1: every request it gets, answered with `status(path)`. */
export async function receiver(status: (path: string) => number = () => 204) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = status(req.url ?? '');
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const kes = (amountMinor: number) => ({ amountMinor, currency: 'KES' });

/** A policy of `insurerId` issued through the API by `issuer` (who must hold policy:issue), with `agentId` its agent. */
export async function issuePolicy(issuer: Api, agentId: string, insurerId: string): Promise<{ id: string }> {
  const res = await issuer.post('/policies', {
    agentId,
    insurerId,
    productCode: 'MOTOR-COMP',
    holder: { name: 'Wanjiru Kamau' },
    sumInsured: kes(100_000_000),
    premium: kes(5_000_000),
    effectiveFrom: new Date().toISOString().slice(0, 10),
    effectiveTo: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10),
  });
  if (res.statusCode !== 201) throw new Error(`issuing failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string };
}
