import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createIdPattern,
  getIdPattern,
  ID_PATTERN_LIST,
  listIdPatterns,
  toIdPatternView,
  updateIdPattern,
} from '../../../shared/domain/id-patterns/index.js';
import {
  createOperationalPolicy,
  getOperationalPolicy,
  listOperationalPolicies,
  OPERATIONAL_POLICY_LIST,
  toOperationalPolicyView,
  updateOperationalPolicy,
} from '../../../shared/domain/operational-policies/index.js';
import { ok, sendWrite, userActOf } from '../../http/reply.js';
import * as s from './schemas.js';

/** Identifier patterns and operational policies: the platform's own configuration records. */
const settings: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, paginator } = app;

  app.get(
    '/id-patterns',
    { config: { permissions: ['id_pattern:read'] }, schema: s.listIdPatternsSchema },
    async (request) => {
      const { limit, cursor, sort, q } = request.query;
      const plan = paginator.plan(ID_PATTERN_LIST, { limit, cursor, sort });
      return paginator.respond(
        request,
        plan,
        await listIdPatterns(deps, userActOf(request), { filters: { q }, page: plan }),
        toIdPatternView,
      );
    },
  );
  app.post(
    '/id-patterns',
    { config: { permissions: ['id_pattern:write'] }, schema: s.createIdPatternSchema },
    async (request, reply) => sendWrite(request, reply, 201, (act) => createIdPattern(deps, act, request.body)),
  );
  app.get(
    '/id-patterns/:id',
    { config: { permissions: ['id_pattern:read'] }, schema: s.getIdPatternSchema },
    async (request) => ok(request, await getIdPattern(deps, userActOf(request), request.params)),
  );
  app.patch(
    '/id-patterns/:id',
    { config: { permissions: ['id_pattern:write'] }, schema: s.updateIdPatternSchema },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) => updateIdPattern(deps, act, { ...request.params, ...request.body })),
  );

  app.get(
    '/operational-policies',
    { config: { permissions: ['operational_policy:read'] }, schema: s.listOperationalPoliciesSchema },
    async (request) => {
      const { limit, cursor, sort, ...filters } = request.query;
      const plan = paginator.plan(OPERATIONAL_POLICY_LIST, { limit, cursor, sort });
      return paginator.respond(
        request,
        plan,
        await listOperationalPolicies(deps, userActOf(request), { filters, page: plan }),
        toOperationalPolicyView,
      );
    },
  );
  app.post(
    '/operational-policies',
    { config: { permissions: ['operational_policy:write'] }, schema: s.createOperationalPolicySchema },
    async (request, reply) => sendWrite(request, reply, 201, (act) => createOperationalPolicy(deps, act, request.body)),
  );
  app.get(
    '/operational-policies/:id',
    { config: { permissions: ['operational_policy:read'] }, schema: s.getOperationalPolicySchema },
    async (request) => ok(request, await getOperationalPolicy(deps, userActOf(request), request.params)),
  );
  app.patch(
    '/operational-policies/:id',
    { config: { permissions: ['operational_policy:write'] }, schema: s.updateOperationalPolicySchema },
    async (request, reply) =>
      sendWrite(request, reply, 200, (act) =>
        updateOperationalPolicy(deps, act, { ...request.params, ...request.body }),
      ),
  );
};

export default settings;
