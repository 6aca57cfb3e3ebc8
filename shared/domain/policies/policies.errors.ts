import { defineErrors } from '../../kernel/errors.js';

/** The policies domain's own error codes (docs/errors.md lists every domain's). */
export const POLICY_ERRORS = defineErrors({
  REINSTATEMENT_WINDOW_EXPIRED: {
    kind: 'rule',
    means: 'A policy is reinstated only within its window after cancellation or lapse.',
  },
});
