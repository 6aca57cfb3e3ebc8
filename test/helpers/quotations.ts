import type { ExecutionContext } from 'ava';
import type { Api } from './client.js';
import { expectData } from './expect.js';

/** A calendar date `offset` days from today (UTC). */
export const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const QUOTE = {
  premium: { amountMinor: 120_000, currency: 'KES' },
  validUntil: dayFromToday(14),
  terms: 'Third-party cover, excess KES 10,000',
};

/** Requests a quotation through the API (201 expected); `body` overrides the defaults. */
export async function requestQuote(t: ExecutionContext, api: Api, body: Record<string, unknown> = {}) {
  return expectData(
    t,
    await api.post('/quotations', {
      productCode: 'MOTOR-COMP',
      applicant: { name: 'Wanjiru Kamau', email: 'wanjiru@example.test', phone: '+254 700 000001' },
      sumInsured: { amountMinor: 2_000_000_00, currency: 'KES' },
      ...body,
    }),
    201,
  );
}

/** Responds to a quotation (200 expected). */
export async function quote(t: ExecutionContext, api: Api, id: string, body: Record<string, unknown> = {}) {
  return expectData(t, await api.post(`/quotations/${id}/respond`, { ...QUOTE, ...body }));
}
