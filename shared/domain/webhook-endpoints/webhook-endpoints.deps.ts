import type { ProvideContext, Provided } from '../../kernel/deps.js';
import { SecretBox } from '../identity/index.js';

declare module '../../kernel/deps.js' {
  interface ServiceDeps {
    /** Seals endpoints' signing secrets at rest (the service signs with them, so they cannot be hashes). */
    webhookSecrets: SecretBox;
  }
}

export function provideWebhookEndpoints({ config }: ProvideContext): Provided {
  return { deps: { webhookSecrets: new SecretBox(config.JWT_SECRET as string, 'webhook-endpoint-secret') } };
}
