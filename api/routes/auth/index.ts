import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  changePassword,
  disableMfa,
  listSessions,
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
import { userAgentOf } from '../../http/caller.js';
import { publicWrite, read, write } from '../../http/operation.js';
import { actionRoute } from '../../http/workflow-route.js';
import { perMinute } from '../../plugins/rate-limit.js';
import * as s from './schemas.js';
import { signIn } from './sign-in.js';
import clientToken from './token.js';

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  // Signed-in people: a machine client's token is refused here (it has no password, MFA or sessions).
  const signedIn = { permissions: [], peopleOnly: true };
  // Responses carrying credentials are never stored as idempotency records.
  const publicCredential = (max: number) => ({ public: true, idempotent: false, ...perMinute(max) });
  const publicPassword = () => ({ public: true, ...perMinute(config.RATE_LIMIT_PASSWORD_MAX) });

  app.post(
    '/auth/login',
    {
      config: {
        ...publicCredential(config.RATE_LIMIT_LOGIN_MAX),
        errors: ['INVALID_CREDENTIALS', 'INVALID_MFA_CODE', 'ACCOUNT_NOT_ACTIVE'],
      },
      schema: s.loginSchema,
    },
    publicWrite(200, signIn, { also: (request) => ({ userAgent: userAgentOf(request) }) }),
  );
  await app.register(clientToken);
  app.post(
    '/auth/refresh',
    {
      config: { ...publicCredential(config.RATE_LIMIT_REFRESH_MAX), errors: ['INVALID_REFRESH_TOKEN'] },
      schema: s.refreshSchema,
    },
    publicWrite(200, refresh),
  );
  app.post(
    '/auth/logout',
    { config: { ...signedIn, errors: ['INVALID_REFRESH_TOKEN'] }, schema: s.logoutSchema },
    write(204, logout),
  );
  app.post('/auth/logout-all', { config: signedIn, schema: s.logoutAllSchema }, write(204, logoutAll));
  app.post(
    '/auth/forgot-password',
    { config: publicPassword(), schema: s.forgotPasswordSchema },
    publicWrite(202, requestPasswordReset),
  );
  app.post(
    '/auth/reset-password',
    { config: publicPassword(), schema: s.resetPasswordSchema },
    publicWrite(204, resetPassword),
  );
  app.post(
    '/auth/change-password',
    { config: { ...signedIn, errors: ['INVALID_CREDENTIALS'] }, schema: s.changePasswordSchema },
    write(204, changePassword),
  );
  app.get('/auth/me', { config: signedIn, schema: s.meSchema }, read(me));
  app.get('/auth/sessions', { config: signedIn, schema: s.listSessionsSchema }, read(listSessions));
  app.delete(
    '/auth/sessions/:familyId',
    { config: { ...signedIn, errors: ['INVALID_TRANSITION'] }, schema: s.revokeSessionSchema },
    write(204, revokeSession),
  );
  app.post(
    '/auth/mfa/setup',
    actionRoute(MFA_WORKFLOW, 'setup', s.mfaSetupSchema, { idempotent: false, peopleOnly: true }),
    write(201, setupMfa),
  );
  app.post(
    '/auth/mfa/verify',
    actionRoute(MFA_WORKFLOW, 'verify', s.mfaVerifySchema, {
      ...perMinute(config.RATE_LIMIT_MFA_MAX),
      peopleOnly: true,
      errors: ['INVALID_CREDENTIALS', 'INVALID_MFA_CODE'],
    }),
    write(204, verifyMfa),
  );
  app.post(
    '/auth/mfa/disable',
    actionRoute(MFA_WORKFLOW, 'disable', s.mfaDisableSchema, {
      ...perMinute(config.RATE_LIMIT_MFA_MAX),
      peopleOnly: true,
      errors: ['INVALID_CREDENTIALS', 'INVALID_MFA_CODE'],
    }),
    write(204, disableMfa),
  );
};

export default auth;
