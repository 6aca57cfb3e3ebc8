import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import test from 'ava';
import { type Stack, startStack } from '../helpers/stack.js';

/** Spectral's DiagnosticSeverity: 0 error, 1 warning, 2 information, 3 hint. */
const SEVERITY = ['error', 'warning', 'info', 'hint'];

let stack: Stack;
test.before(async () => {
  stack = await startStack();
});
test.after.always(async () => {
  await stack?.close();
});

test("the OpenAPI document passes Spectral's spectral:oas ruleset with no errors and no warnings", async (t) => {
  const spectral = new Spectral();
  // What `extends: spectral:oas` means in a .spectral.yaml: the ruleset's recommended rules, each at its own severity.
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  const document = stack.app.swagger() as unknown as Record<string, unknown>;
  const results = await spectral.run(document);
  const findings = results
    .filter((r) => r.severity <= 1)
    .map((r) => `${SEVERITY[r.severity]} ${String(r.code)} at ${r.path.join('.') || '(root)'}: ${r.message}`);
  if (findings.length) t.log(findings.join('\n'));
  t.deepEqual(findings, []);
  // The rules ran: the document is recognised as OpenAPI 3.1 (otherwise Spectral reports an unrecognised format).
  t.false(results.some((r) => r.code === 'unrecognized-format'));
});
