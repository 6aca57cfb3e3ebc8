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
import { can, list, read, write } from '../../http/operation.js';
import * as s from './schemas.js';

/** Identifier patterns and operational policies: the platform's own configuration records. */
const settings: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/id-patterns',
    { config: can('id_pattern:read'), schema: s.listIdPatternsSchema },
    list(ID_PATTERN_LIST, listIdPatterns, toIdPatternView),
  );
  app.post(
    '/id-patterns',
    { config: { ...can('id_pattern:write'), errors: ['CONFLICT'] }, schema: s.createIdPatternSchema },
    write(201, createIdPattern),
  );
  app.get('/id-patterns/:id', { config: can('id_pattern:read'), schema: s.getIdPatternSchema }, read(getIdPattern));
  app.patch(
    '/id-patterns/:id',
    { config: { ...can('id_pattern:write'), errors: ['CONFLICT'] }, schema: s.updateIdPatternSchema },
    write(200, updateIdPattern),
  );

  app.get(
    '/operational-policies',
    { config: can('operational_policy:read'), schema: s.listOperationalPoliciesSchema },
    list(OPERATIONAL_POLICY_LIST, listOperationalPolicies, toOperationalPolicyView),
  );
  app.post(
    '/operational-policies',
    { config: { ...can('operational_policy:write'), errors: ['CONFLICT'] }, schema: s.createOperationalPolicySchema },
    write(201, createOperationalPolicy),
  );
  app.get(
    '/operational-policies/:id',
    { config: can('operational_policy:read'), schema: s.getOperationalPolicySchema },
    read(getOperationalPolicy),
  );
  app.patch(
    '/operational-policies/:id',
    { config: can('operational_policy:write'), schema: s.updateOperationalPolicySchema },
    write(200, updateOperationalPolicy),
  );
};

export default settings;
