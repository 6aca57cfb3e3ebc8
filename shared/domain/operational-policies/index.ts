/** Operational policies: configuration records by category and key, and the settings the service reads from them. */
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
