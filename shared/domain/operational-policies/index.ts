/** Operational policies: configuration records by category and key, and the settings the service reads from them. */

import { defineDomain } from '../../kernel/manifest.js';
import { OPERATIONAL_POLICY_PERMISSIONS } from './operational-policies.permissions.js';
import { OperationalPolicy as OperationalPolicyEntity } from './operational-policy.entity.js';

export {
  CreateOperationalPolicyBody,
  OPERATIONAL_POLICIES_TAG,
  OperationalPolicy,
  OperationalPolicyFilters,
  UpdateOperationalPolicyBody,
} from './operational-policies.schemas.js';
export {
  createOperationalPolicy,
  getOperationalPolicy,
  listOperationalPolicies,
  OPERATIONAL_POLICY_LIST,
  toOperationalPolicyView,
  updateOperationalPolicy,
} from './operational-policies.service.js';
export { operationalSetting, settingRules } from './settings.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const operationalPoliciesDomain = defineDomain({
  name: 'operational-policies',
  permissions: OPERATIONAL_POLICY_PERMISSIONS,
  entities: [OperationalPolicyEntity],
});
