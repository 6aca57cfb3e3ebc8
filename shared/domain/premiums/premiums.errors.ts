import { defineErrors } from '../../kernel/errors.js';

/** The premiums domain's own error codes (docs/errors.md lists every domain's). */
export const PREMIUM_ERRORS = defineErrors({
  PAYMENT_EXCEEDS_DUE: { kind: 'rule', means: 'A premium payment above what is still due on its instalment.' },
  ARREARS_OUTSTANDING: {
    kind: 'rule',
    means:
      'A lapsed policy is reinstated only once its overdue instalments are paid; `details` lists them and their sum.',
  },
});
