import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  changePassword,
  completeMfaLogin,
  disableMfa,
  listSessions,
  login,
  logout,
  logoutAll,
  MFA_WORKFLOW,
  me,
  refresh,
  requestPasswordReset,
  resetPassword,
  revokeSession,
  setupMfa,
  verifyMfa,
} from '../../../shared/domain/identity/index.js';
import { ValidationError } from '../../../shared/kernel/errors.js';
import { userAgentOf } from '../../http/caller.js';
import { ok, sendPublicWrite, sendWrite, userActOf } from '../../http/reply.js';
import { actionRoute } from '../../http/workflow-route.js';
import { perMinute } from '../../plugins/rate-limit.js';
import * as s from './schemas.js';

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, config } = app;
  const signedIn = { permissions: [] };
  // Responses carrying credentials are never stored as idempotency records.
  const publicCredential = (max: number) => ({ public: true, idempotent: false, ...perMinute(max) });

  app.post(
    '/auth/login',
    { config: publicCredential(config.RATE_LIMIT_LOGIN_MAX), schema: s.loginSchema },
    async (request, reply) => {
      const { email, password, mfaToken, code, deviceToken } = request.body;
      if (mfaToken !== undefined || code !== undefined) {
        const missing = [
          !mfaToken && 'mfaToken',
          !code && 'code',
          email !== undefined && '-email',
          password !== undefined && '-password',
        ].filter(Boolean) as string[];
        if (missing.length)
          throw new ValidationError(
            missing.map((f) =>
              f.startsWith('-')
                ? { field: `body.${f.slice(1)}`, message: 'must not be sent with mfaToken', constraint: 'not' }
                : { field: `body.${f}`, message: 'is required for the second sign-in step', constraint: 'required' },
            ),
          );
        return sendPublicWrite(request, reply, 200, (act) =>
          completeMfaLogin(deps, act, {
            mfaToken: mfaToken!,
            code: code!,
            deviceToken,
            userAgent: userAgentOf(request),
          }),
        );
      }
      if (!email || !password) {
        throw new ValidationError(
          [!email && 'email', !password && 'password']
            .filter(Boolean)
            .map((f) => ({ field: `body.${f}`, message: 'is required', constraint: 'required' })),
        );
      }
      return sendPublicWrite(request, reply, 200, (act) =>
        login(deps, act, { email, password, deviceToken, userAgent: userAgentOf(request) }),
      );
    },
  );

  app.post(
    '/auth/refresh',
    { config: publicCredential(config.RATE_LIMIT_REFRESH_MAX), schema: s.refreshSchema },
    async (request, reply) => sendPublicWrite(request, reply, 200, (act) => refresh(deps, act, request.body)),
  );

  app.post('/auth/logout', { config: signedIn, schema: s.logoutSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (act) => logout(deps, act, request.body)),
  );

  app.post('/auth/logout-all', { config: signedIn, schema: s.logoutAllSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (act) => logoutAll(deps, act)),
  );

  app.post(
    '/auth/forgot-password',
    { config: { public: true, ...perMinute(config.RATE_LIMIT_PASSWORD_MAX) }, schema: s.forgotPasswordSchema },
    async (request, reply) =>
      sendPublicWrite(request, reply, 202, (act) => requestPasswordReset(deps, act, request.body)),
  );

  app.post(
    '/auth/reset-password',
    { config: { public: true, ...perMinute(config.RATE_LIMIT_PASSWORD_MAX) }, schema: s.resetPasswordSchema },
    async (request, reply) => sendPublicWrite(request, reply, 204, (act) => resetPassword(deps, act, request.body)),
  );

  app.post('/auth/change-password', { config: signedIn, schema: s.changePasswordSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (act) => changePassword(deps, act, request.body)),
  );

  app.get('/auth/me', { config: signedIn, schema: s.meSchema }, async (request) =>
    ok(request, await me(deps, userActOf(request))),
  );

  app.get('/auth/sessions', { config: signedIn, schema: s.listSessionsSchema }, async (request) =>
    ok(request, await listSessions(deps, userActOf(request))),
  );

  app.delete('/auth/sessions/:familyId', { config: signedIn, schema: s.revokeSessionSchema }, async (request, reply) =>
    sendWrite(request, reply, 204, (act) => revokeSession(deps, act, request.params)),
  );

  const mfaSetup = actionRoute(MFA_WORKFLOW, 'setup', s.mfaSetupSchema);
  app.post(
    '/auth/mfa/setup',
    { ...mfaSetup, config: { ...mfaSetup.config, idempotent: false } },
    async (request, reply) => sendWrite(request, reply, 201, (act) => setupMfa(deps, act)),
  );

  const mfaVerify = actionRoute(MFA_WORKFLOW, 'verify', s.mfaVerifySchema);
  app.post(
    '/auth/mfa/verify',
    { ...mfaVerify, config: { ...mfaVerify.config, ...perMinute(config.RATE_LIMIT_MFA_MAX) } },
    async (request, reply) => sendWrite(request, reply, 204, (act) => verifyMfa(deps, act, request.body)),
  );

  const mfaDisable = actionRoute(MFA_WORKFLOW, 'disable', s.mfaDisableSchema);
  app.post(
    '/auth/mfa/disable',
    { ...mfaDisable, config: { ...mfaDisable.config, ...perMinute(config.RATE_LIMIT_MFA_MAX) } },
    async (request, reply) => sendWrite(request, reply, 204, (act) => disableMfa(deps, act, request.body)),
  );
};

export default auth;
