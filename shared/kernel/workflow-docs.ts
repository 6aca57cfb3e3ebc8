import { stepSummary, type Workflow } from './workflow.js';

/** docs/workflows.md, rendered from the workflow tables themselves (a test fails when the file is stale). */
export function renderWorkflowDocs(workflows: readonly Workflow<string, string>[]): string {
  const sections = workflows.map((w) => {
    const rows = Object.entries(w.steps).map(([action, step]) => {
      const who =
        step.permission === 'system'
          ? 'the service itself'
          : step.permission === 'self'
            ? 'the user, on their own account'
            : `\`${step.permission}\``;
      return `| ${action} | ${step.from.join(', ')} | ${stepSummary(step).replace(/^.* to /, '')} | ${who} | \`${step.audit}\` |`;
    });
    return [
      `## ${w.resource}`,
      '',
      `States: ${w.states.join(', ')}.`,
      '',
      '| action | from | to | who | audit action |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  });
  return [
    '# Workflows',
    '',
    'Generated from the workflow tables in `shared/domain/**/*.workflow.ts` by `npm run docs:workflows`; a test fails',
    'when this file and the tables disagree. Any other move answers 422 `INVALID_TRANSITION` with `from`, `action`',
    'and `allowedFrom`.',
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
}
