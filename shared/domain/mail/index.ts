/** Mail: what api/, workers/ and scripts/ may use of the domain (delivery status, the transport, the mail jobs). */
export { mailStatus, warnWhenMailNotConfigured } from './delivery.js';
export { sendPasswordResetMail } from './password-reset-mail.js';
export { mailPasswordResetRequest } from './reset-request-mail.js';
export { createMailTransport, type MailTransport } from './transport.js';
