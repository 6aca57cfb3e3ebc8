import type { Act } from '../../kernel/act.js';
import type { ServiceDeps } from '../../kernel/deps.js';
import type { MailTransport } from '../mail/index.js';
import { resolvePasswordResetRequest } from './password.service.js';
import { sendPasswordResetMail } from './password-reset-mail.js';

/**
 * A forgot-password request, in the worker: the user is looked up here rather than in the request,
 * then the reset is minted and mailed as any other. An unknown email ends here, having sent nothing.
 */
export async function mailPasswordResetRequest(
  deps: ServiceDeps & { mail: MailTransport },
  act: Act,
  { requestId }: { requestId: string },
): Promise<'sent' | 'already-sent' | 'gone' | 'no-user'> {
  const resetId = await resolvePasswordResetRequest(deps, act, { requestId });
  if (!resetId) return 'no-user';
  return sendPasswordResetMail(deps, act, { resetId });
}
