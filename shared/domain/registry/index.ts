/** The identity registry: its signed webhook deliveries, their intake and the jobs applying them to users' KYC. */

export {
  type ReceivedEvent,
  RegistryEvent,
  RegistryEventReceipt,
  WEBHOOKS_TAG,
} from './registry.schemas.js';
export { processRegistryEvent, processRegistryEvents } from './registry-events.js';
export { RegistryIntake } from './registry-intake.js';
export { signWebhook, verifyWebhookSignature } from './signature.js';
