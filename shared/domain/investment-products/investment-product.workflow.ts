import { defineWorkflow } from '../../kernel/workflow.js';
import { PRODUCT_STATUSES } from './investment-product.entity.js';

/**
 * An investment product's status, moved by PATCH /investment-products/{id} with `status`: a draft is
 * activated or closed, an active product closed; closed is final (no field of it changes either), and
 * nothing returns to draft. Every PATCH is the `update` step, plus the status move it asks for.
 */
export const INVESTMENT_PRODUCT_WORKFLOW = defineWorkflow('investment product', PRODUCT_STATUSES, {
  update: {
    from: ['draft', 'active'],
    to: (from) => from,
    toText: 'unchanged (name, risk level, minimum investment, description)',
    permission: 'investment:product:write',
    audit: 'investment_product.update',
  },
  activate: {
    from: ['draft'],
    to: 'active',
    toText: 'active (PATCH with status active)',
    permission: 'investment:product:write',
    audit: 'investment_product.activate',
  },
  close: {
    from: ['draft', 'active'],
    to: 'closed',
    toText: 'closed (PATCH with status closed)',
    permission: 'investment:product:write',
    audit: 'investment_product.close',
  },
});
