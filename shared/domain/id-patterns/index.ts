/** Identifier patterns: how the numbers of policies, claims, renewals ... look, and the issuing of the next one. */
export {
  CreateIdPatternBody,
  ID_PATTERNS_TAG,
  IdPattern,
  UpdateIdPatternBody,
} from './id-patterns.schemas.js';
export {
  createIdPattern,
  getIdPattern,
  ID_PATTERN_LIST,
  listIdPatterns,
  toIdPatternView,
  updateIdPattern,
} from './id-patterns.service.js';
export { nextNumber } from './numbers.js';
