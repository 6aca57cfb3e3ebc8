import { defineErrors } from '../../kernel/errors.js';

/** The claims domain's own error codes (docs/errors.md lists every domain's). */
export const CLAIM_ERRORS = defineErrors({
  POLICY_NOT_ACTIVE: { kind: 'rule', means: 'Claims can be filed only on active or reinstated policies.' },
  INCIDENT_OUTSIDE_COVER: { kind: 'rule', means: "The incident date is outside the policy's period." },
  SETTLEMENT_EXCEEDS_COVER: { kind: 'rule', means: 'The settlement exceeds the claimed amount or the sum insured.' },
  PAYMENT_LIMIT_EXCEEDED: { kind: 'rule', means: 'A single payment is above the `maxSinglePaymentMinor` setting.' },
  PAYMENT_EXCEEDS_SETTLEMENT: { kind: 'rule', means: 'The payments would exceed the settled amount.' },
  OUTSTANDING_PAYMENTS: { kind: 'rule', means: 'A claim closes only once its settlement is fully paid.' },
  KYC_NOT_VERIFIED: {
    kind: 'rule',
    means: "Payouts need the policy's agent to be KYC-verified (`requireVerifiedForPayout`).",
  },
  APPEAL_LIMIT_REACHED: { kind: 'rule', means: 'A repudiated claim can be appealed once.' },
});
