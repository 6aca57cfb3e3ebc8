/** Identifier patterns: how the numbers of policies, claims, renewals ... look, and the issuing of the next one. */

import { defineDomain } from '../../kernel/manifest.js';
import { IdPattern as IdPatternEntity } from './id-pattern.entity.js';
import { ID_PATTERN_PERMISSIONS } from './id-patterns.permissions.js';

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

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const idPatternsDomain = defineDomain({
  name: 'id-patterns',
  permissions: ID_PATTERN_PERMISSIONS,
  entities: [IdPatternEntity],
});
