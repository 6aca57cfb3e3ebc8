import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100_foundation } from './Migration20261122000100_foundation.js';
import { Migration20261122000200_identity } from './Migration20261122000200_identity.js';
import { Migration20261122000400_settings } from './Migration20261122000400_settings.js';
import { Migration20261122000500_policies } from './Migration20261122000500_policies.js';
import { Migration20261122000600_renewals } from './Migration20261122000600_renewals.js';
import { Migration20261122000700_claims } from './Migration20261122000700_claims.js';
import { Migration20261122000800_disputes } from './Migration20261122000800_disputes.js';
import { Migration20261122000850_sign_in_protection } from './Migration20261122000850_sign_in_protection.js';
import { Migration20261122000900_quotations } from './Migration20261122000900_quotations.js';
import { Migration20261122001000_templates_products } from './Migration20261122001000_templates_products.js';
import { Migration20261124000100_audit_transaction_order } from './Migration20261124000100_audit_transaction_order.js';
import { Migration20261124000200_outbox_notify_trigger } from './Migration20261124000200_outbox_notify_trigger.js';
import { Migration20261125000100_device_tokens } from './Migration20261125000100_device_tokens.js';
import { Migration20261125000300_four_eyes_note_visibility } from './Migration20261125000300_four_eyes_note_visibility.js';
import { Migration20261125000500_correlation_ids } from './Migration20261125000500_correlation_ids.js';
import { Migration20261125000700_reset_tokens_by_user } from './Migration20261125000700_reset_tokens_by_user.js';
import { Migration20261126000100_idempotency_claim_ids } from './Migration20261126000100_idempotency_claim_ids.js';
import { Migration20261126000200_registry_events_by_time } from './Migration20261126000200_registry_events_by_time.js';
import { Migration20261127000100_audit_links } from './Migration20261127000100_audit_links.js';
import { Migration20261127000200_registry_events_fillfactor } from './Migration20261127000200_registry_events_fillfactor.js';
import { Migration20261127000300_updated_at_on_every_change } from './Migration20261127000300_updated_at_on_every_change.js';
import { Migration20261127000400_outbox_job_id } from './Migration20261127000400_outbox_job_id.js';
import { Migration20261127000600_published_events } from './Migration20261127000600_published_events.js';

/** Every migration, in order. Listed explicitly so compiled and tsx runs apply the same set. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000100_foundation', class: Migration20261122000100_foundation },
  { name: 'Migration20261122000200_identity', class: Migration20261122000200_identity },
  { name: 'Migration20261122000400_settings', class: Migration20261122000400_settings },
  { name: 'Migration20261122000500_policies', class: Migration20261122000500_policies },
  { name: 'Migration20261122000600_renewals', class: Migration20261122000600_renewals },
  { name: 'Migration20261122000700_claims', class: Migration20261122000700_claims },
  { name: 'Migration20261122000800_disputes', class: Migration20261122000800_disputes },
  { name: 'Migration20261122000850_sign_in_protection', class: Migration20261122000850_sign_in_protection },
  { name: 'Migration20261122000900_quotations', class: Migration20261122000900_quotations },
  { name: 'Migration20261122001000_templates_products', class: Migration20261122001000_templates_products },
  { name: 'Migration20261124000100_audit_transaction_order', class: Migration20261124000100_audit_transaction_order },
  { name: 'Migration20261124000200_outbox_notify_trigger', class: Migration20261124000200_outbox_notify_trigger },
  {
    name: 'Migration20261125000300_four_eyes_note_visibility',
    class: Migration20261125000300_four_eyes_note_visibility,
  },

  { name: 'Migration20261125000500_correlation_ids', class: Migration20261125000500_correlation_ids },

  { name: 'Migration20261125000100_device_tokens', class: Migration20261125000100_device_tokens },
  { name: 'Migration20261125000700_reset_tokens_by_user', class: Migration20261125000700_reset_tokens_by_user },
  { name: 'Migration20261126000100_idempotency_claim_ids', class: Migration20261126000100_idempotency_claim_ids },
  { name: 'Migration20261126000200_registry_events_by_time', class: Migration20261126000200_registry_events_by_time },
  { name: 'Migration20261127000100_audit_links', class: Migration20261127000100_audit_links },
  {
    name: 'Migration20261127000200_registry_events_fillfactor',
    class: Migration20261127000200_registry_events_fillfactor,
  },
  {
    name: 'Migration20261127000300_updated_at_on_every_change',
    class: Migration20261127000300_updated_at_on_every_change,
  },
  { name: 'Migration20261127000400_outbox_job_id', class: Migration20261127000400_outbox_job_id },
  { name: 'Migration20261127000600_published_events', class: Migration20261127000600_published_events },
];
