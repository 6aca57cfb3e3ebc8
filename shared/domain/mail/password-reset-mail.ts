import type { MailTransport } from './transport.js';
import { randomToken, tokenHash } from '../identity/crypto.js';
import { RESET_TOKEN_MINUTES } from '../identity/password.service.js';
import type { ServiceDeps } from '../deps.js';

/** The built-in text; a published `password_reset` notification template of the user's locale replaces it once templates exist. */
function render(purpose: string, name: string, token: string): { subject: string; text: string } {
  const intro = purpose === 'set_password' ? 'An account was created for you. Choose your password' : 'We received a request to reset your password. Reset it';
  return {
    subject: purpose === 'set_password' ? 'Set your password' : 'Reset your password',
    text: `Hello ${name},\n\n${intro} with this token within ${RESET_TOKEN_MINUTES} minutes:\n\n${token}\n\nSend it with your new password to POST /auth/reset-password.\nIf you did not ask for this, ignore this mail.\n`,
  };
}

/**
 * Mints the reset token and commits its hash, then sends it, then records it as sent. The token
 * must be valid before the mail can reach anyone: sending inside the minting transaction let a
 * fast reader present it before COMMIT and be told it was invalid. A failed send leaves sent_at
 * unset, so the retry mints a fresh token (the undelivered one is overwritten). A request already
 * sent is not sent again (the job is idempotent). The 30 minutes run from sending.
 */
export async function sendPasswordResetMail(deps: ServiceDeps, transport: MailTransport, resetId: string): Promise<'sent' | 'already-sent' | 'gone'> {
  type Minted = { purpose: string; email: string; name: string; user_id: string; token: string };
  const minted = await deps.uow.run<'already-sent' | 'gone' | Minted>({ actor: 'system' }, async (tx) => {
    const [row] = await tx.execute<{ sent_at: string | null; purpose: string; email: string; name: string; user_id: string }[]>(
      `select t.sent_at, t.purpose, u.email, u.name, u.id as user_id from password_reset_tokens t join users u on u.id = t.user_id where t.id = ? for update of t`,
      [resetId],
    );
    if (!row) return { result: 'gone' as const, audit: [] };
    if (row.sent_at) return { result: 'already-sent' as const, audit: [] };
    const token = randomToken();
    await tx.execute(
      `update password_reset_tokens set token_hash = ?, expires_at = now() + make_interval(mins => ?) where id = ?`,
      [tokenHash(token), RESET_TOKEN_MINUTES, resetId],
    );
    // Not yet a change anyone can use: the audit entry is written once the mail has gone.
    return { result: { purpose: row.purpose, email: row.email, name: row.name, user_id: row.user_id, token }, audit: [] };
  });
  if (typeof minted === 'string') return minted;
  await transport.send({ to: minted.email, ...render(minted.purpose, minted.name, minted.token) });
  return deps.uow.run({ actor: 'system' }, async (tx) => {
    await tx.execute(
      `update password_reset_tokens set sent_at = now(), expires_at = now() + make_interval(mins => ?) where id = ? and token_hash = ?`,
      [RESET_TOKEN_MINUTES, resetId, tokenHash(minted.token)],
    );
    return { result: 'sent' as const, audit: { action: 'mail.password_reset_sent', subjectType: 'user', subjectId: minted.user_id, summary: { purpose: minted.purpose } } };
  });
}
