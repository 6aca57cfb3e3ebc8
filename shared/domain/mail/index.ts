/** Mail: how mail leaves the service (the transport) and whether it can (delivery status). */

import { defineDomain } from '../../kernel/manifest.js';

export { mailStatus, warnWhenMailNotConfigured } from './delivery.js';
export { createMailTransport, type MailTransport } from './transport.js';

/** The domain's manifest: no tables and no jobs of its own (the mails are their domains' jobs). */
export const mailDomain = defineDomain({ name: 'mail', entities: [] });
export { assertNewUserCanSetPassword } from './delivery.js';
