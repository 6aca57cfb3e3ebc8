/** The identity registry: its signed webhook deliveries, their intake and the jobs applying them to users' KYC. */

import { defineDomain } from '../../kernel/manifest.js';
import { RegistryEvent as RegistryEventEntity } from './registry-event.entity.js';

export {
  type ReceivedEvent,
  RegistryEvent,
  RegistryEventReceipt,
  WEBHOOKS_TAG,
} from './registry.schemas.js';
export { processRegistryEvent, processRegistryEvents } from './registry-events.js';
export { RegistryIntake } from './registry-intake.js';
export { signWebhook, verifyWebhookSignature } from './signature.js';

/** The domain's manifest (shared/domains.ts builds the central lists from it). */
export const registryDomain = defineDomain({
  name: 'registry',
  entities: [RegistryEventEntity],
});
