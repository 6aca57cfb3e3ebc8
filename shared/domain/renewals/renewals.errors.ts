import { defineErrors } from '../../kernel/errors.js';

/** The renewals domain's own error codes (docs/errors.md lists every domain's). */
export const RENEWAL_ERRORS = defineErrors({
  OFFER_EXPIRED: { kind: 'rule', means: 'The renewal offer has expired; the renewal lapses at the next sweep.' },
});
