import { Spectral } from '@stoplight/spectral-core';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { oas } from '@stoplight/spectral-rulesets';
import test from 'ava';
import { type Stack, startStack } from '../helpers/stack.js';

/** Spectral's DiagnosticSeverity: 0 error, 1 warning, 2 information, 3 hint. */
const SEVERITY = ['error', 'warning', 'info', 'hint'];

/**
 * The OWASP API rules whose premise does not hold here, off (each also in docs/decisions.md). The
 * limits rules (string, integer, array) are met, not turned off.
 */
const OWASP_OFF = {
  // The service sends no CORS headers and serves no browser cross-origin: declaring one would be untrue.
  'owasp:api8:2023-define-cors-origin': 'off',
  // Sign-in, token and the registry webhook are unauthenticated by design (the webhook is checked by its signature).
  'owasp:api2:2023-write-restricted': 'off',
  // One server, '/': every deployment serves its own document, so audience and environment are the reader's deployment.
  'owasp:api9:2023-inventory-access': 'off',
  'owasp:api9:2023-inventory-environment': 'off',
} as const;

/** The health probes and /metrics are outside every rate limit by design (an orchestrator polls them): no RateLimit-* headers. */
const UNLIMITED = /^paths\.\/(health|metrics)/;

let stack: Stack;
let results: Awaited<ReturnType<Spectral['run']>>;
test.before(async () => {
  stack = await startStack();
  // Both rulesets in one run: the document (large) is resolved once.
  const spectral = new Spectral();
  spectral.setRuleset({
    extends: [
      [oas as never, 'recommended'],
      [owasp as never, 'all'],
    ],
    rules: OWASP_OFF,
  } as never);
  results = await spectral.run(stack.app.swagger() as unknown as Record<string, unknown>);
});
test.after.always(async () => {
  await stack?.close();
});

const shown = (r: (typeof results)[number]) =>
  `${SEVERITY[r.severity]} ${String(r.code)} at ${r.path.join('.') || '(root)'}: ${r.message}`;
const isOwasp = (r: (typeof results)[number]) => String(r.code).startsWith('owasp:');

test("the OpenAPI document passes Spectral's spectral:oas ruleset with no errors and no warnings", (t) => {
  // What `extends: spectral:oas` means in a .spectral.yaml: the ruleset's recommended rules, each at its own severity.
  const findings = results.filter((r) => !isOwasp(r) && r.severity <= 1).map(shown);
  if (findings.length) t.log(findings.join('\n'));
  t.deepEqual(findings, []);
  // The rules ran: the document is recognised as OpenAPI 3.1 (otherwise Spectral reports an unrecognised format).
  t.false(results.some((r) => r.code === 'unrecognized-format'));
});

test("the OpenAPI document passes Spectral's OWASP API ruleset with no errors", (t) => {
  const kept = results.filter(
    (r) => isOwasp(r) && !(r.code === 'owasp:api4:2023-rate-limit' && UNLIMITED.test(r.path.join('.'))),
  );
  const errors = kept.filter((r) => r.severity === 0).map(shown);
  t.log(`${kept.filter((r) => r.severity === 1).length} OWASP warnings`);
  if (errors.length) t.log(errors.slice(0, 50).join('\n'));
  t.deepEqual(errors, []);
});
