import { jobType, NoPayload } from '../../kernel/jobs.js';

export const CHAIN_AUDIT = jobType({
  queue: 'audit',
  name: 'chain',
  payload: NoPayload,
  does: 'hash-chains committed audit entries',
  schedule: { id: 'audit-chain', every: (config) => config.AUDIT_CHAIN_EVERY_MS, setting: 'AUDIT_CHAIN_EVERY_MS' },
});
