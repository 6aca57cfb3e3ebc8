import test from 'ava';
import { createSigner, createVerifier } from 'fast-jwt';
import { VerifiedTokens } from '../../api/http/verified-tokens.js';

/** The per-process memory of verified access tokens: whole tokens only, never past their expiry, bounded. */
const key = 'verified-tokens-test-key-that-is-long-enough-01234';
const sign = (sub: string, expiresIn = 60_000) => createSigner({ key, expiresIn })({ sub });
const counted = () => {
  const verify = createVerifier({ key, requiredClaims: ['exp'] });
  const calls: string[] = [];
  return {
    calls,
    verify: (token: string) => {
      calls.push(token);
      return verify(token) as { sub: string; exp: number };
    },
  };
};

test('a verified token is checked once; a copy with any character changed is checked in full and refused', (t) => {
  const { calls, verify } = counted();
  const tokens = new VerifiedTokens(10, verify);
  const token = sign('a');
  t.is(tokens.claims(token).sub, 'a');
  t.is(tokens.claims(token).sub, 'a');
  t.is(calls.length, 1);
  // A character inside the signature: the last one of a base64url signature holds two bits that decode
  // to nothing, so changing only those (A to B) left the same signature, and the test failed by chance.
  const at = token.length - 5;
  const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'Q' : 'A'}${token.slice(at + 1)}`;
  t.throws(() => tokens.claims(forged));
  t.throws(() => tokens.claims(forged), undefined, 'a refused token is not remembered');
  t.is(calls.length, 3);
});

test('a remembered token is checked again once it has expired, and refused', (t) => {
  const { calls, verify } = counted();
  let now = Date.now();
  const tokens = new VerifiedTokens(10, verify, () => now);
  const token = sign('a', 2_000);
  tokens.claims(token);
  now += 1_000;
  tokens.claims(token);
  t.is(calls.length, 1);
  now += 2_000;
  // The full check uses the real clock, where the token is still valid: the memory alone must not answer.
  tokens.claims(token);
  t.is(calls.length, 2, 'past its expiry by the memory clock, the token went through the full check again');
});

test('at most `max` tokens are kept, the oldest leaving first', (t) => {
  const { calls, verify } = counted();
  const tokens = new VerifiedTokens(2, verify);
  const [a, b, c] = [sign('a'), sign('b'), sign('c')];
  for (const token of [a, b, c, c, b]) tokens.claims(token);
  t.is(calls.length, 3, 'b and c were kept');
  tokens.claims(a);
  t.is(calls.length, 4, 'a had left to make room');
});
