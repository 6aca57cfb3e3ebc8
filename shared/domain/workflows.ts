import { stepSummary } from '../kernel/workflow.js';
import { CLAIM_WORKFLOW } from './claims/claim.workflow.js';
import { DISPUTE_WORKFLOW } from './disputes/dispute.workflow.js';
import { MFA_WORKFLOW } from './identity/mfa.workflow.js';
import { INVESTMENT_PRODUCT_WORKFLOW } from './investment-products/investment-product.workflow.js';
import { NOTIFICATION_TEMPLATE_WORKFLOW } from './notification-templates/notification-template.workflow.js';
import { ENDORSEMENT_WORKFLOW, POLICY_WORKFLOW } from './policies/policy.workflow.js';
import { QUOTATION_WORKFLOW } from './quotations/quotation.workflow.js';
import { RENEWAL_WORKFLOW } from './renewals/renewal.workflow.js';
import { USER_WORKFLOW } from './users/user.workflow.js';

/** Every workflow of the service, in the order docs/workflows.md lists them. */
export const WORKFLOWS = [
  USER_WORKFLOW,
  MFA_WORKFLOW,
  POLICY_WORKFLOW,
  ENDORSEMENT_WORKFLOW,
  RENEWAL_WORKFLOW,
  CLAIM_WORKFLOW,
  DISPUTE_WORKFLOW,
  QUOTATION_WORKFLOW,
  NOTIFICATION_TEMPLATE_WORKFLOW,
  INVESTMENT_PRODUCT_WORKFLOW,
] as const;

/** docs/workflows.md, rendered from the tables themselves (a test fails when the file is stale). */
export function renderWorkflowDocs(): string {
  const sections = WORKFLOWS.map((w) => {
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
