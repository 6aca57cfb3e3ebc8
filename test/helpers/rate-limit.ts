import type { ExecutionContext } from 'ava';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Sends `attempt` until the route's limit of `max` is spent (each answered `allowedStatus`, the
 * first with RateLimit-Limit = max), then asserts the next answers 429 RATE_LIMITED with Retry-After.
 */
export async function exhaustLimit(
  t: ExecutionContext,
  attempt: () => Promise<LightMyRequestResponse>,
  max: number,
  allowedStatus: number,
): Promise<LightMyRequestResponse> {
  for (let i = 0; i < max; i++) {
    const res = await attempt();
    t.is(res.statusCode, allowedStatus, `attempt ${i + 1} of ${max}`);
    if (i === 0) t.is(res.headers['ratelimit-limit'], String(max));
  }
  const limited = await attempt();
  t.is(limited.statusCode, 429);
  t.is(limited.json().error.code, 'RATE_LIMITED');
  t.true(Number(limited.headers['retry-after']) > 0);
  return limited;
}
