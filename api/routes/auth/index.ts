import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { completeMfaLogin, listSessions, login, logout, logoutAll, me, refresh, revokeSession } from '../../../shared/domain/identity/auth.service.js';
import { disableMfa, setupMfa, verifyMfa } from '../../../shared/domain/identity/mfa.service.js';
import { changePassword, requestPasswordReset, resetPassword } from '../../../shared/domain/identity/password.service.js';
import { ValidationError } from '../../../shared/errors/index.js';
import { callerOf, sessionMetaOf } from '../../http/caller.js';
import { ok, sendWrite } from '../../http/reply.js';
import { perMinute } from '../../plugins/rate-limit.js';
import * as s from '../../schemas/auth/index.js';

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, config } = app;
  const signedIn = { permissions: [] };
  // Responses carrying credentials are never stored as idempotency records.
  const publicCredential = (max: number) => ({ public: true, idempotent: false, ...perMinute(max) });

  app.post('/auth/login', { config: publicCredential(config.RATE_LIMIT_LOGIN_MAX), schema: s.loginSchema }, async (request, reply) => {
    const { email, password, mfaToken, code } = request.body;
    const meta = sessionMetaOf(request);
    if (mfaToken !== undefined || code !== undefined) {
      const missing = [!mfaToken && 'mfaToken', !code && 'code', email !== undefined && '-email', password !== undefined && '-password'].filter(Boolean) as string[];
      if (missing.length) throw new ValidationError(missing.map((f) => f.startsWith('-')
        ? { field: `body.${f.slice(1)}`, message: 'must not be sent with mfaToken', constraint: 'not' }
        : { field: `body.${f}`, message: 'is required for the second sign-in step', constraint: 'required' }));
      return sendWrite(request, reply, 200, (ctx) => completeMfaLogin(deps, ctx, { mfaToken: mfaToken!, code: code! }, meta));
    }
    if (!email || !password) {
      throw new ValidationError([!email && 'email', !password && 'password'].filter(Boolean).map((f) => ({ field: `body.${f}`, message: 'is required', constraint: 'required' })));
    }
    return sendWrite(request, reply, 200, (ctx) => login(deps, ctx, { email, password }, meta));
  });

  app.post('/auth/refresh', { config: publicCredential(config.RATE_LIMIT_REFRESH_MAX), schema: s.refreshSchema }, async (request, reply) =>
    sendWrite(request, reply, 200, (ctx) => refresh(deps, ctx, request.body.refreshToken)));

  app.post('/auth/logout', { config: signedIn, schema: s.logoutSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => logout(deps, ctx, callerOf(request), request.body.refreshToken)));

  app.post('/auth/logout-all', { config: signedIn, schema: s.logoutAllSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => logoutAll(deps, ctx, callerOf(request))));

  app.post('/auth/forgot-password', { config: { public: true, ...perMinute(config.RATE_LIMIT_PASSWORD_MAX) }, schema: s.forgotPasswordSchema }, async (request, reply) =>
    sendWrite(request, reply, 202, (ctx) => requestPasswordReset(deps, ctx, request.body.email)));

  app.post('/auth/reset-password', { config: { public: true, ...perMinute(config.RATE_LIMIT_PASSWORD_MAX) }, schema: s.resetPasswordSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => resetPassword(deps, ctx, request.body)));

  app.post('/auth/change-password', { config: signedIn, schema: s.changePasswordSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => changePassword(deps, ctx, callerOf(request), request.body)));

  app.get('/auth/me', { config: signedIn, schema: s.meSchema }, async (request) => ok(request, await me(deps, callerOf(request))));

  app.get('/auth/sessions', { config: signedIn, schema: s.listSessionsSchema }, async (request) => ok(request, await listSessions(deps, callerOf(request))));

  app.delete('/auth/sessions/:familyId', { config: signedIn, schema: s.revokeSessionSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => revokeSession(deps, ctx, callerOf(request), request.params.familyId)));

  app.post('/auth/mfa/setup', { config: { ...signedIn, idempotent: false }, schema: s.mfaSetupSchema }, async (request, reply) =>
    sendWrite(request, reply, 201, (ctx) => setupMfa(deps, ctx, callerOf(request))));

  app.post('/auth/mfa/verify', { config: { ...signedIn, ...perMinute(config.RATE_LIMIT_MFA_MAX) }, schema: s.mfaVerifySchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => verifyMfa(deps, ctx, callerOf(request), request.body.code)));

  app.post('/auth/mfa/disable', { config: { ...signedIn, ...perMinute(config.RATE_LIMIT_MFA_MAX) }, schema: s.mfaDisableSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (ctx) => disableMfa(deps, ctx, callerOf(request), request.body)));
};

export default auth;
