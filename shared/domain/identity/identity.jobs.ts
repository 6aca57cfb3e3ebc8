import { Type } from 'typebox';
import { JobPayload, jobType } from '../../kernel/jobs.js';
import { Uuid } from '../../kernel/schema.js';

/** The mails of passwords: one payload per kind of mail as more come; the kind picks the sender. */
export const SEND_MAIL = jobType({
  queue: 'mail',
  name: 'send',
  payload: Type.Union([
    JobPayload({ kind: Type.Literal('password_reset'), resetId: Uuid }),
    JobPayload({ kind: Type.Literal('password_reset_request'), requestId: Uuid }),
  ]),
  does: 'mints and sends a password reset or set-password token',
});
